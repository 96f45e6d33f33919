// needs: fdHigh, fdLow, fdWithHigh
// strictExp is Java's StrictMath.exp: fdlibm 5.3 e_exp.c. Every product is converted to float64
// so that no Go compiler fuses it into a multiply-add (Java rounds each operation).
func strictExp(x float64) float64 {
	const (
		twom1000   = 0x1p-1000
		oThreshold = 0x1.62e42fefa39efp9
		uThreshold = -0x1.74910d52d3051p9
		ln2Hi      = 0x1.62e42feep-1
		ln2Lo      = 0x1.a39ef35793c76p-33
		invLn2     = 0x1.71547652b82fep0
		p1         = 0x1.555555555553ep-3
		p2         = -0x1.6c16c16bebd93p-9
		p3         = 0x1.1566aaf25de2cp-14
		p4         = -0x1.bbd41c5d26bf1p-20
		p5         = 0x1.6376972bea4d0p-25
	)
	hx := fdHigh(x)
	xsb := int32(uint32(hx) >> 31)
	hx &= 0x7fffffff
	if hx >= 0x40862e42 { // |x| >= 709.78...
		if hx >= 0x7ff00000 {
			if (hx&0xfffff)|int32(fdLow(x)) != 0 {
				return x + x // NaN
			}
			if xsb == 0 {
				return x // exp(+Inf) = +Inf
			}
			return 0
		}
		if x > oThreshold {
			return math.Inf(1)
		}
		if x < uThreshold {
			return 0
		}
	}
	var hi, lo float64
	k := int32(0)
	if hx > 0x3fd62e42 { // |x| > 0.5 ln2
		if hx < 0x3ff0a2b2 { // and |x| < 1.5 ln2
			if xsb == 0 {
				hi = x - ln2Hi
				lo = ln2Lo
			} else {
				hi = x + ln2Hi
				lo = -ln2Lo
			}
			k = 1 - xsb - xsb
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
	} else if hx < 0x3e300000 { // |x| < 2**-28
		return 1.0 + x
	}
	t := float64(x * x)
	c := x - float64(t*(p1+float64(t*(p2+float64(t*(p3+float64(t*(p4+float64(t*p5)))))))))
	if k == 0 {
		return 1.0 - (float64(x*c)/(c-2.0) - x)
	}
	y := 1.0 - ((lo - float64(x*c)/(2.0-c)) - hi)
	if k >= -1021 {
		return fdWithHigh(y, fdHigh(y)+k<<20)
	}
	y = fdWithHigh(y, fdHigh(y)+(k+1000)<<20)
	return float64(y * twom1000)
}
