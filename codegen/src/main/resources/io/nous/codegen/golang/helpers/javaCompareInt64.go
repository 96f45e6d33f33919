// javaCompareInt64 is Java's Long.compare: -1, 0 or 1.
func javaCompareInt64(a, b int64) int32 {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
