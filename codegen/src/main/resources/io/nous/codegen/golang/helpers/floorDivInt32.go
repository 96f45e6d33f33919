// floorDivInt32 is Java's Math.floorDiv: the quotient rounded toward negative infinity.
func floorDivInt32(x, y int32) int32 {
	q := x / y
	if (x^y) < 0 && q*y != x {
		q--
	}
	return q
}
