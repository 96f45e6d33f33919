// javaMin is Java's Math.min(double, double): NaN if either is NaN, and -0 is smaller than +0.
func javaMin(a, b float64) float64 {
	switch {
	case math.IsNaN(a) || math.IsNaN(b):
		return math.NaN()
	case a == 0 && b == 0:
		if math.Signbit(b) {
			return b
		}
		return a
	case a <= b:
		return a
	}
	return b
}
