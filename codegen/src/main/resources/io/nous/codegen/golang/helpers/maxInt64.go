func maxInt64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}
