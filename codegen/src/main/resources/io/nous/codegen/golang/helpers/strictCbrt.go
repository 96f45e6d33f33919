// needs: fdHigh, fdWithHigh, fdWithLow
// strictCbrt is Java's StrictMath.cbrt: fdlibm 5.3 s_cbrt.c.
func strictCbrt(x float64) float64 {
	const (
		b1 = 715094163 // (682-0.03306235651)*2**20
		b2 = 696219795 // (664-0.03306235651)*2**20
		c  = 0x1.15f15f15f15f1p-1
		d  = -0x1.691de2532c834p-1
		e  = 0x1.6a0ea0ea0ea0fp0
		f  = 0x1.9b6db6db6db6ep0
		g  = 0x1.6db6db6db6db7p-2
	)
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	sign := 1.0
	if x < 0 {
		sign = -1.0
	}
	x = math.Abs(x)
	var t float64
	if x < 0x1p-1022 { // subnormal
		t = float64(0x1p54 * x)
		t = fdWithHigh(t, fdHigh(t)/3+b2)
	} else {
		t = fdWithHigh(0, fdHigh(x)/3+b1)
	}
	r := float64(t*t) / x
	s := c + float64(r*t)
	t = float64(t * (g + f/(s+e+d/s)))
	t = fdWithLow(t, 0)
	t = fdWithHigh(t, fdHigh(t)+1)
	s = float64(t * t)
	r = x / s
	w := t + t
	r = (r - t) / (w + r)
	t = t + float64(t*r)
	return float64(sign * t)
}
