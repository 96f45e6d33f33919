// needs: fdHigh, fdLow, fdWithHigh
// strictExpm1 is Java's StrictMath.expm1: fdlibm 5.3 s_expm1.c.
func strictExpm1(x float64) float64 {
	const (
		huge       = 1.0e+300
		oThreshold = 0x1.62e42fefa39efp9
		ln2Hi      = 0x1.62e42feep-1
		ln2Lo      = 0x1.a39ef35793c76p-33
		invLn2     = 0x1.71547652b82fep0
		q1         = -0x1.11111111110f4p-5
		q2         = 0x1.a01a019fe5585p-10
		q3         = -0x1.4ce199eaadbb7p-14
		q4         = 0x1.0cfca86e65239p-18
		q5         = -0x1.afdb76e09c32dp-23
	)
	hx := fdHigh(x)
	xsb := hx & math.MinInt32
	hx &= 0x7fffffff
	if hx >= 0x4043687a { // |x| >= 56*ln2
		if hx >= 0x40862e42 { // |x| >= 709.78...
			if hx >= 0x7ff00000 {
				if (hx&0xfffff)|int32(fdLow(x)) != 0 {
					return x + x // NaN
				}
				if xsb == 0 {
					return x
				}
				return -1.0
			}
			if x > oThreshold {
				return math.Inf(1)
			}
		}
		if xsb != 0 { // x < -56*ln2
			return -1.0
		}
	}
	var hi, lo, c float64
	k := int32(0)
	if hx > 0x3fd62e42 { // |x| > 0.5 ln2
		if hx < 0x3ff0a2b2 { // and |x| < 1.5 ln2
			if xsb == 0 {
				hi = x - ln2Hi
				lo = ln2Lo
				k = 1
			} else {
				hi = x + ln2Hi
				lo = -ln2Lo
				k = -1
			}
		} else {
			half := 0.5
			if xsb != 0 {
				half = -0.5
			}
			k = int32(float64(invLn2*x) + half)
			t := float64(k)
			hi = x - float64(t*ln2Hi)
			lo = float64(t * ln2Lo)
		}
		x = hi - lo
		c = (hi - x) - lo
	} else if hx < 0x3c900000 { // |x| < 2**-54
		t := huge + x
		return x - (t - (huge + x))
	}
	hfx := float64(0.5 * x)
	hxs := float64(x * hfx)
	r1 := 1.0 + float64(hxs*(q1+float64(hxs*(q2+float64(hxs*(q3+float64(hxs*(q4+float64(hxs*q5)))))))))
	t := 3.0 - float64(r1*hfx)
	e := float64(hxs * ((r1 - t) / (6.0 - float64(x*t))))
	if k == 0 {
		return x - (float64(x*e) - hxs)
	}
	e = float64(x*(e-c)) - c
	e -= hxs
	if k == -1 {
		return float64(0.5*(x-e)) - 0.5
	}
	if k == 1 {
		if x < -0.25 {
			return float64(-2.0 * (e - (x + 0.5)))
		}
		return 1.0 + float64(2.0*(x-e))
	}
	if k <= -2 || k > 56 { // suffices to return exp(x) - 1
		y := 1.0 - (e - x)
		y = fdWithHigh(y, fdHigh(y)+k<<20)
		return y - 1.0
	}
	var y float64
	if k < 20 {
		t = fdWithHigh(1.0, 0x3ff00000-(0x200000>>k)) // 1 - 2**-k
		y = t - (e - x)
		y = fdWithHigh(y, fdHigh(y)+k<<20)
	} else {
		t = fdWithHigh(1.0, (0x3ff-k)<<20) // 2**-k
		y = x - (e + t)
		y += 1.0
		y = fdWithHigh(y, fdHigh(y)+k<<20)
	}
	return y
}
