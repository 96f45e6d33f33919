// floorDivInt64 is Java's Math.floorDiv: the quotient rounded toward negative infinity.
func floorDivInt64(x, y int64) int64 {
	q := x / y
	if (x^y) < 0 && q*y != x {
		q--
	}
	return q
}
