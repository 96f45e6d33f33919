// needs: javaToInt64
// javaRound is Java's Math.round(double): half rounds up (toward +Inf, unlike math.Round for
// negative halves), NaN gives 0, and out-of-range values saturate.
func javaRound(x float64) int64 {
	if math.IsNaN(x) {
		return 0
	}
	r := math.Floor(x)
	if x-r >= 0.5 {
		r++
	}
	return javaToInt64(r)
}
