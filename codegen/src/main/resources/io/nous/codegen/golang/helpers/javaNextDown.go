// javaNextDown is Java's Math.nextDown: the next double toward -Inf.
func javaNextDown(d float64) float64 {
	if math.IsNaN(d) || math.IsInf(d, -1) {
		return d
	}
	if d == 0 {
		return -math.Float64frombits(1)
	}
	b := math.Float64bits(d)
	if d > 0 {
		return math.Float64frombits(b - 1)
	}
	return math.Float64frombits(b + 1)
}
