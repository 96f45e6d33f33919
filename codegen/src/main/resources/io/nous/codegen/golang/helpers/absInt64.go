// absInt64 is Java's Math.abs: the most negative value is its own absolute value.
func absInt64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}
