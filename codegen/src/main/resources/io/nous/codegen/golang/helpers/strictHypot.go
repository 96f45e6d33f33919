// needs: fdHigh, fdWithHigh
// strictHypot is Java's StrictMath.hypot: fdlibm 5.3 e_hypot.c.
func strictHypot(x, y float64) float64 {
	a := math.Abs(x)
	b := math.Abs(y)
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		if math.IsInf(a, 1) || math.IsInf(b, 1) {
			return math.Inf(1)
		}
		return a + b // NaN
	}
	if b > a {
		a, b = b, a
	}
	ha := fdHigh(a)
	hb := fdHigh(b)
	if ha-hb > 0x3c00000 { // a/b > 2**60
		return a + b
	}
	k := 0
	if a > 0x1.00000ffffffffp500 { // a > ~2**500: scale a and b by 2**-600
		ha -= 0x25800000
		hb -= 0x25800000
		a = float64(a * 0x1p-600)
		b = float64(b * 0x1p-600)
		k += 600
	}
	if b < 0x1p-500 {
		if b < 0x1p-1022 { // subnormal b or 0
			if b == 0 {
				return a
			}
			b = float64(b * 0x1p1022)
			a = float64(a * 0x1p1022)
			k -= 1022
		} else { // scale a and b by 2**600
			ha += 0x25800000
			hb += 0x25800000
			a = float64(a * 0x1p600)
			b = float64(b * 0x1p600)
			k -= 600
		}
	}
	w := a - b
	if w > b {
		t1 := fdWithHigh(0, ha)
		t2 := a - t1
		w = math.Sqrt(float64(t1*t1) - (float64(b*(-b)) - float64(t2*(a+t1))))
	} else {
		a = a + a
		y1 := fdWithHigh(0, hb)
		y2 := b - y1
		t1 := fdWithHigh(0, ha+0x00100000)
		t2 := a - t1
		w = math.Sqrt(float64(t1*y1) - (float64(w*(-w)) - (float64(t1*y2) + float64(t2*b))))
	}
	if k != 0 {
		return float64(math.Float64frombits(uint64(k+1023)<<52) * w)
	}
	return w
}
