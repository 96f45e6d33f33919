// needs: fdHigh, fdWithHigh
// strictLog1p is Java's StrictMath.log1p: fdlibm 5.3 s_log1p.c.
func strictLog1p(x float64) float64 {
	const (
		two54 = 0x1p54
		ln2Hi = 0x1.62e42feep-1
		ln2Lo = 0x1.a39ef35793c76p-33
		lp1   = 0x1.5555555555593p-1
		lp2   = 0x1.999999997fa04p-2
		lp3   = 0x1.2492494229359p-2
		lp4   = 0x1.c71c51d8e78afp-3
		lp5   = 0x1.7466496cb03dep-3
		lp6   = 0x1.39a09d078c69fp-3
		lp7   = 0x1.2f112df3e5244p-3
	)
	hx := fdHigh(x)
	ax := hx & 0x7fffffff
	k := int32(1)
	var f, c float64
	hu := int32(0)
	if hx < 0x3fda827a { // x < 0.41422
		if ax >= 0x3ff00000 { // x <= -1.0
			if x == -1.0 {
				return math.Inf(-1)
			}
			return math.NaN()
		}
		if ax < 0x3e200000 { // |x| < 2**-29
			if two54+x > 0 && ax < 0x3c900000 { // |x| < 2**-54
				return x
			}
			return x - float64(float64(x*x)*0.5)
		}
		if hx > 0 || hx <= -1076707645 { // -0.2929 < x < 0.41422 (0xbfd2bec3 as a signed word)
			k = 0
			f = x
			hu = 1
		}
	}
	if hx >= 0x7ff00000 {
		return x + x
	}
	if k != 0 {
		var u float64
		if hx < 0x43400000 {
			u = 1.0 + x
			hu = fdHigh(u)
			k = hu>>20 - 1023
			if k > 0 {
				c = 1.0 - (u - x)
			} else {
				c = x - (u - 1.0)
			}
			c /= u
		} else {
			u = x
			hu = fdHigh(u)
			k = hu>>20 - 1023
			c = 0
		}
		hu &= 0x000fffff
		if hu < 0x6a09e {
			u = fdWithHigh(u, hu|0x3ff00000) // normalize u
		} else {
			k++
			u = fdWithHigh(u, hu|0x3fe00000) // normalize u/2
			hu = (0x00100000 - hu) >> 2
		}
		f = u - 1.0
	}
	hfsq := float64(float64(0.5*f) * f)
	if hu == 0 { // |f| < 2**-20
		if f == 0 {
			if k == 0 {
				return 0
			}
			c += float64(float64(k) * ln2Lo)
			return float64(float64(k)*ln2Hi) + c
		}
		r := float64(hfsq * (1.0 - float64(0.66666666666666666*f)))
		if k == 0 {
			return f - r
		}
		return float64(float64(k)*ln2Hi) - ((r - (float64(float64(k)*ln2Lo) + c)) - f)
	}
	s := f / (2.0 + f)
	z := float64(s * s)
	r := float64(z * (lp1 + float64(z*(lp2+float64(z*(lp3+float64(z*(lp4+float64(z*(lp5+float64(z*(lp6+float64(z*lp7)))))))))))))
	if k == 0 {
		return f - (hfsq - float64(s*(hfsq+r)))
	}
	return float64(float64(k)*ln2Hi) - ((hfsq - (float64(s*(hfsq+r)) + (float64(float64(k)*ln2Lo) + c))) - f)
}
