func maxInt32(a, b int32) int32 {
	if a > b {
		return a
	}
	return b
}
