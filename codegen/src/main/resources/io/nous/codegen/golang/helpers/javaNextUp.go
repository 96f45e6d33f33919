// javaNextUp is Java's Math.nextUp: the next double toward +Inf (-0 and +0 both step to the
// smallest positive double).
func javaNextUp(d float64) float64 {
	if math.IsNaN(d) || math.IsInf(d, 1) {
		return d
	}
	if d == 0 {
		return math.Float64frombits(1)
	}
	b := math.Float64bits(d)
	if d > 0 {
		return math.Float64frombits(b + 1)
	}
	return math.Float64frombits(b - 1)
}
