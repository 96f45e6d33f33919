// fdLow is the low 32 bits of x's representation, as fdlibm's __LO reads them.
func fdLow(x float64) uint32 {
	return uint32(math.Float64bits(x))
}
