// needs: fdHigh, fdLow, strictExp, strictExpm1
// strictSinh is Java's StrictMath.sinh: fdlibm 5.3 e_sinh.c.
func strictSinh(x float64) float64 {
	const shuge = 1.0e307
	jx := fdHigh(x)
	ix := jx & 0x7fffffff
	if ix >= 0x7ff00000 { // Inf or NaN
		return x + x
	}
	h := 0.5
	if jx < 0 {
		h = -h
	}
	if ix < 0x40360000 { // |x| < 22
		if ix < 0x3e300000 { // |x| < 2**-28
			return x
		}
		t := strictExpm1(math.Abs(x))
		if ix < 0x3ff00000 {
			return float64(h * (float64(2.0*t) - float64(t*t)/(t+1.0)))
		}
		return float64(h * (t + t/(t+1.0)))
	}
	if ix < 0x40862e42 { // |x| in [22, log(maxdouble)]
		return float64(h * strictExp(math.Abs(x)))
	}
	lx := fdLow(x)
	if ix < 0x408633ce || ix == 0x408633ce && lx <= 0x8fb9f87d { // |x| up to the overflow threshold
		w := strictExp(float64(0.5 * math.Abs(x)))
		t := float64(h * w)
		return float64(t * w)
	}
	return float64(x * shuge) // overflow
}
