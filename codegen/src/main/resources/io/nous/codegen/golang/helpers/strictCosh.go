// needs: fdHigh, fdLow, strictExp, strictExpm1
// strictCosh is Java's StrictMath.cosh: fdlibm 5.3 e_cosh.c.
func strictCosh(x float64) float64 {
	ix := fdHigh(x) & 0x7fffffff
	if ix >= 0x7ff00000 { // Inf or NaN
		return float64(x * x)
	}
	if ix < 0x3fd62e43 { // |x| in [0, 0.5*ln2]
		t := strictExpm1(math.Abs(x))
		w := 1.0 + t
		if ix < 0x3c800000 {
			return w // cosh(tiny) = 1
		}
		return 1.0 + float64(t*t)/(w+w)
	}
	if ix < 0x40360000 { // |x| in [0.5*ln2, 22]
		t := strictExp(math.Abs(x))
		return float64(0.5*t) + 0.5/t
	}
	if ix < 0x40862e42 { // |x| in [22, log(maxdouble)]
		return float64(0.5 * strictExp(math.Abs(x)))
	}
	lx := fdLow(x)
	if ix < 0x408633ce || ix == 0x408633ce && lx <= 0x8fb9f87d {
		w := strictExp(float64(0.5 * math.Abs(x)))
		t := float64(0.5 * w)
		return float64(t * w)
	}
	return math.Inf(1) // overflow
}
