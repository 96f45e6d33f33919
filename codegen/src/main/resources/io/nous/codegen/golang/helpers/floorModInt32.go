// floorModInt32 is Java's Math.floorMod: the remainder with the sign of the divisor.
func floorModInt32(x, y int32) int32 {
	m := x % y
	if (m^y) < 0 && m != 0 {
		m += y
	}
	return m
}
