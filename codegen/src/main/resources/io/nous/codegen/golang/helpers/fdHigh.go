// fdHigh is the high 32 bits of x's representation, as fdlibm's __HI reads them.
func fdHigh(x float64) int32 {
	return int32(math.Float64bits(x) >> 32)
}
