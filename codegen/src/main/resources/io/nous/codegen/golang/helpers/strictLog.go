// needs: fdHigh, fdLow, fdWithHigh
// strictLog is Java's StrictMath.log: fdlibm 5.3 e_log.c.
func strictLog(x float64) float64 {
	const (
		ln2Hi = 0x1.62e42feep-1
		ln2Lo = 0x1.a39ef35793c76p-33
		two54 = 0x1p54
		lg1   = 0x1.5555555555593p-1
		lg2   = 0x1.999999997fa04p-2
		lg3   = 0x1.2492494229359p-2
		lg4   = 0x1.c71c51d8e78afp-3
		lg5   = 0x1.7466496cb03dep-3
		lg6   = 0x1.39a09d078c69fp-3
		lg7   = 0x1.2f112df3e5244p-3
	)
	hx := fdHigh(x)
	lx := fdLow(x)
	k := int32(0)
	if hx < 0x00100000 { // x < 2**-1022
		if (hx&0x7fffffff)|int32(lx) == 0 {
			return math.Inf(-1) // log(+-0)
		}
		if hx < 0 {
			return math.NaN() // log(negative)
		}
		k -= 54
		x = float64(x * two54) // subnormal: scale up
		hx = fdHigh(x)
	}
	if hx >= 0x7ff00000 {
		return x + x
	}
	k += hx>>20 - 1023
	hx &= 0x000fffff
	i := (hx + 0x95f64) & 0x100000
	x = fdWithHigh(x, hx|(i^0x3ff00000)) // normalize x or x/2
	k += i >> 20
	f := x - 1.0
	if 0x000fffff&(2+hx) < 3 { // |f| < 2**-20
		if f == 0 {
			if k == 0 {
				return 0
			}
			dk := float64(k)
			return float64(dk*ln2Hi) + float64(dk*ln2Lo)
		}
		r := float64(float64(f*f) * (0.5 - float64(0.33333333333333333*f)))
		if k == 0 {
			return f - r
		}
		dk := float64(k)
		return float64(dk*ln2Hi) - ((r - float64(dk*ln2Lo)) - f)
	}
	s := f / (2.0 + f)
	dk := float64(k)
	z := float64(s * s)
	i = hx - 0x6147a
	w := float64(z * z)
	j := 0x6b851 - hx
	t1 := float64(w * (lg2 + float64(w*(lg4+float64(w*lg6)))))
	t2 := float64(z * (lg1 + float64(w*(lg3+float64(w*(lg5+float64(w*lg7)))))))
	i |= j
	r := t2 + t1
	if i > 0 {
		hfsq := float64(float64(0.5*f) * f)
		if k == 0 {
			return f - (hfsq - float64(s*(hfsq+r)))
		}
		return float64(dk*ln2Hi) - ((hfsq - (float64(s*(hfsq+r)) + float64(dk*ln2Lo))) - f)
	}
	if k == 0 {
		return f - float64(s*(f-r))
	}
	return float64(dk*ln2Hi) - ((float64(s*(f-r)) - float64(dk*ln2Lo)) - f)
}
