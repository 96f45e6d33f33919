// needs: fdHigh, strictExpm1
// strictTanh is Java's StrictMath.tanh: fdlibm 5.3 s_tanh.c.
func strictTanh(x float64) float64 {
	jx := fdHigh(x)
	ix := jx & 0x7fffffff
	if ix >= 0x7ff00000 { // Inf or NaN
		if jx >= 0 {
			return 1.0/x + 1.0
		}
		return 1.0/x - 1.0
	}
	var z float64
	if ix < 0x40360000 { // |x| < 22
		if ix < 0x3c800000 { // |x| < 2**-55
			return float64(x * (1.0 + x))
		}
		if ix >= 0x3ff00000 { // |x| >= 1
			t := strictExpm1(float64(2.0 * math.Abs(x)))
			z = 1.0 - 2.0/(t+2.0)
		} else {
			t := strictExpm1(float64(-2.0 * math.Abs(x)))
			z = -t / (t + 2.0)
		}
	} else {
		z = 1.0 // 1 - tiny
	}
	if jx >= 0 {
		return z
	}
	return -z
}
