// javaSignum is Java's Math.signum(double): zeros and NaN are returned as they are.
func javaSignum(x float64) float64 {
	if x > 0 {
		return 1
	}
	if x < 0 {
		return -1
	}
	return x
}
