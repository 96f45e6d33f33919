// javaCompareInt32 is Java's Integer.compare: -1, 0 or 1.
func javaCompareInt32(a, b int32) int32 {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
