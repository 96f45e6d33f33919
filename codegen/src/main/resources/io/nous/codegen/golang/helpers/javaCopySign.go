// javaCopySign is Java's StrictMath.copySign: a NaN sign counts as positive (the sign bit of a NaN
// differs between CPUs, so Math.copySign's answer would too).
func javaCopySign(magnitude, sign float64) float64 {
	if math.IsNaN(sign) {
		return math.Abs(magnitude)
	}
	return math.Copysign(magnitude, sign)
}
