// fdWithHigh is x with its high 32 bits replaced by hi.
func fdWithHigh(x float64, hi int32) float64 {
	return math.Float64frombits(uint64(uint32(hi))<<32 | math.Float64bits(x)&0xffffffff)
}
