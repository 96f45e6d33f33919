// fdWithLow is x with its low 32 bits replaced by lo.
func fdWithLow(x float64, lo uint32) float64 {
	return math.Float64frombits(math.Float64bits(x)&^0xffffffff | uint64(lo))
}
