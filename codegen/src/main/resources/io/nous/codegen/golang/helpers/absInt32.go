// absInt32 is Java's Math.abs: the most negative value is its own absolute value.
func absInt32(a int32) int32 {
	if a < 0 {
		return -a
	}
	return a
}
