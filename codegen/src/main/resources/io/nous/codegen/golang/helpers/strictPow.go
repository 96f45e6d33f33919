// needs: fdHigh, fdLow, fdWithHigh, fdWithLow
// strictPow is Java's StrictMath.pow: fdlibm 5.3 e_pow.c (x**y = 2**(y*log2(x)) in extra precision).
func strictPow(x, y float64) float64 {
	if y == 0 {
		return 1.0
	}
	if math.IsNaN(x) || math.IsNaN(y) {
		return x + y
	}
	yAbs := math.Abs(y)
	xAbs := math.Abs(x)
	switch {
	case y == 2.0:
		return float64(x * x)
	case y == 0.5:
		if x >= -math.MaxFloat64 { // -Inf is handled below
			return math.Sqrt(x + 0.0) // +0.0 turns -0 into +0
		}
	case yAbs == 1.0:
		if y == 1.0 {
			return x
		}
		return 1.0 / x
	case math.IsInf(yAbs, 1):
		switch {
		case xAbs == 1.0:
			return y - y // NaN
		case xAbs > 1.0:
			if y >= 0 {
				return y
			}
			return 0.0
		}
		if y < 0 {
			return -y
		}
		return 0.0
	}
	hx := fdHigh(x)
	ix := hx & 0x7fffffff
	// when x < 0: 0 if y is not an integer, 1 if y is odd, 2 if y is even
	yIsInt := int32(0)
	if hx < 0 {
		if yAbs >= 0x1p53 {
			yIsInt = 2
		} else if yAbs >= 1.0 {
			yl := int64(yAbs)
			if float64(yl) == yAbs {
				yIsInt = 2 - int32(yl&1)
			}
		}
	}
	if xAbs == 0 || math.IsInf(xAbs, 0) || xAbs == 1.0 { // x is +-0, +-Inf, +-1
		z := xAbs
		if y < 0 {
			z = 1.0 / z
		}
		if hx < 0 {
			if (ix-0x3ff00000)|yIsInt == 0 {
				z = (z - z) / (z - z) // (-1)**non-int is NaN
			} else if yIsInt == 1 {
				z = float64(-1.0 * z) // (x < 0)**odd = -(|x|**odd)
			}
		}
		return z
	}
	n := hx>>31 + 1
	if n|yIsInt == 0 { // (x < 0)**(non-int) is NaN
		return (x - x) / (x - x)
	}
	s := 1.0 // the sign of the result
	if n|(yIsInt-1) == 0 {
		s = -1.0 // (-ve)**(odd int)
	}
	var t1, t2 float64
	if yAbs > 0x1.00000ffffffffp31 { // |y| > ~2**31
		const (
			invLn2  = 0x1.71547652b82fep0
			invLn2H = 0x1.715476p0
			invLn2L = 0x1.4ae0bf85ddf44p-26
		)
		if xAbs < 0x1.fffff00000000p-1 { // over- or underflow if x is not close to one
			if y < 0 {
				return float64(s * math.Inf(1))
			}
			return float64(s * 0.0)
		}
		if xAbs > 0x1.00000ffffffffp0 {
			if y > 0 {
				return float64(s * math.Inf(1))
			}
			return float64(s * 0.0)
		}
		// |1-x| is tiny <= 2**-20: log(x) by x - x^2/2 + x^3/3 - x^4/4
		t := xAbs - 1.0
		w := float64(float64(t*t) * (0.5 - float64(t*(0.3333333333333333333333-float64(t*0.25)))))
		u := float64(invLn2H * t)
		v := float64(t*invLn2L) - float64(w*invLn2)
		t1 = fdWithLow(u+v, 0)
		t2 = v - (t1 - u)
	} else {
		const (
			cp    = 0x1.ec709dc3a03fdp-1
			cpH   = 0x1.ec709ep-1
			cpL   = -0x1.e2fe0145b01f5p-28
			dpH1  = 0x1.2b8034p-1
			dpL1  = 0x1.cfdeb43cfd006p-27
			l1    = 0x1.3333333333303p-1
			l2    = 0x1.b6db6db6fabffp-2
			l3    = 0x1.55555518f264dp-2
			l4    = 0x1.17460a91d4101p-2
			l5    = 0x1.d864a93c9db65p-3
			l6    = 0x1.a7e284a454eefp-3
			two53 = 0x1p53
		)
		n = 0
		if ix < 0x00100000 { // subnormal x
			xAbs = float64(xAbs * two53)
			n -= 53
			ix = fdHigh(xAbs)
		}
		n += ix>>20 - 0x3ff
		j := ix & 0x000fffff
		ix = j | 0x3ff00000 // normalize ix
		k := int32(0)
		switch {
		case j <= 0x3988e: // |x| < sqrt(3/2)
			k = 0
		case j < 0xbb67a: // |x| < sqrt(3)
			k = 1
		default:
			k = 0
			n++
			ix -= 0x00100000
		}
		xAbs = fdWithHigh(xAbs, ix)
		// ss = sH + sL = (x-1)/(x+1) or (x-1.5)/(x+1.5)
		bp := 1.0 + float64(0.5*float64(k))
		u := xAbs - bp
		v := 1.0 / (xAbs + bp)
		ss := float64(u * v)
		sH := fdWithLow(ss, 0)
		tH := fdWithHigh(0, (ix>>1|0x20000000)+0x00080000+k<<18)
		tL := xAbs - (tH - bp)
		sL := float64(v * ((u - float64(sH*tH)) - float64(sH*tL)))
		// log(xAbs)
		s2 := float64(ss * ss)
		r := float64(float64(s2*s2) * (l1 + float64(s2*(l2+float64(s2*(l3+float64(s2*(l4+float64(s2*(l5+float64(s2*l6)))))))))))
		r += float64(sL * (sH + ss))
		s2 = float64(sH * sH)
		tH = fdWithLow(3.0+s2+r, 0)
		tL = r - ((tH - 3.0) - s2)
		// u+v = ss*(1+...)
		u = float64(sH * tH)
		v = float64(sL*tH) + float64(tL*ss)
		// 2/(3log2)*(ss + ...)
		pH := fdWithLow(u+v, 0)
		pL := v - (pH - u)
		zH := float64(cpH * pH)
		zL := float64(cpL*pH) + float64(pL*cp) + float64(dpL1*float64(k))
		// log2(xAbs) = (ss + ..)*2/(3*log2) = n + dpH + zH + zL
		t := float64(n)
		t1 = fdWithLow(((zH+zL)+float64(dpH1*float64(k)))+t, 0)
		t2 = zL - (((t1 - t) - float64(dpH1*float64(k))) - zH)
	}
	// (y1 + y2) * (t1 + t2) with y split in two
	y1 := fdWithLow(y, 0)
	pL := float64((y-y1)*t1) + float64(y*t2)
	pH := float64(y1 * t1)
	z := pL + pH
	j := fdHigh(z)
	i := int32(fdLow(z))
	if j >= 0x40900000 { // z >= 1024
		if (j-0x40900000)|i != 0 {
			return float64(s * math.Inf(1)) // overflow
		}
		const ovt = 8.0085662595372944372e-0017 // -(1024-log2(ovfl+.5ulp))
		if pL+ovt > z-pH {
			return float64(s * math.Inf(1))
		}
	} else if j&0x7fffffff >= 0x4090cc00 { // z <= -1075
		if (j-(-1064252416))|i != 0 { // 0xc090cc00 as a signed word
			return float64(s * 0.0) // underflow
		}
		if pL <= z-pH {
			return float64(s * 0.0)
		}
	}
	// 2**(pH+pL)
	const (
		p1   = 0x1.555555555553ep-3
		p2   = -0x1.6c16c16bebd93p-9
		p3   = 0x1.1566aaf25de2cp-14
		p4   = -0x1.bbd41c5d26bf1p-20
		p5   = 0x1.6376972bea4d0p-25
		lg2  = 0x1.62e42fefa39efp-1
		lg2H = 0x1.62e43p-1
		lg2L = -0x1.05c610ca86c39p-29
	)
	i = j & 0x7fffffff
	k := i>>20 - 0x3ff
	n = 0
	if i > 0x3fe00000 { // |z| > 0.5: n = [z + 0.5]
		n = j + 0x00100000>>(k+1)
		k = (n&0x7fffffff)>>20 - 0x3ff // new k for n
		t := fdWithHigh(0, n&^(0x000fffff>>k))
		n = (n&0x000fffff | 0x00100000) >> (20 - k)
		if j < 0 {
			n = -n
		}
		pH -= t
	}
	t := fdWithLow(pL+pH, 0)
	u := float64(t * lg2H)
	v := float64((pL-(t-pH))*lg2) + float64(t*lg2L)
	z = u + v
	w := v - (z - u)
	t = float64(z * z)
	t1 = z - float64(t*(p1+float64(t*(p2+float64(t*(p3+float64(t*(p4+float64(t*p5)))))))))
	r := float64(z*t1)/(t1-2.0) - (w + float64(z*w))
	z = 1.0 - (r - z)
	j = fdHigh(z)
	j += n << 20
	if j>>20 <= 0 {
		z = math.Ldexp(z, int(n)) // subnormal output
	} else {
		z = fdWithHigh(z, fdHigh(z)+n<<20)
	}
	return float64(s * z)
}
