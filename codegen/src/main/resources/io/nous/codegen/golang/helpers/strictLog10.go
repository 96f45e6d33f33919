// needs: fdHigh, fdLow, fdWithHigh, strictLog
// strictLog10 is Java's StrictMath.log10: fdlibm 5.3 e_log10.c.
func strictLog10(x float64) float64 {
	const (
		two54    = 0x1p54
		ivln10   = 0x1.bcb7b1526e50ep-2
		log102Hi = 0x1.34413509f6p-2
		log102Lo = 0x1.9fef311f12b36p-42
	)
	hx := fdHigh(x)
	lx := fdLow(x)
	k := int32(0)
	if hx < 0x00100000 { // x < 2**-1022
		if (hx&0x7fffffff)|int32(lx) == 0 {
			return math.Inf(-1)
		}
		if hx < 0 {
			return math.NaN()
		}
		k -= 54
		x = float64(x * two54)
		hx = fdHigh(x)
	}
	if hx >= 0x7ff00000 {
		return x + x
	}
	k += hx>>20 - 1023
	i := int32(uint32(k) >> 31)
	hx = (hx & 0x000fffff) | (0x3ff-i)<<20
	y := float64(k + i)
	x = fdWithHigh(x, hx)
	z := float64(y*log102Lo) + float64(ivln10*strictLog(x))
	return z + float64(y*log102Hi)
}
