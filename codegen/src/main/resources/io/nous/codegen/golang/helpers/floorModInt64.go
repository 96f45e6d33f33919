// floorModInt64 is Java's Math.floorMod: the remainder with the sign of the divisor.
func floorModInt64(x, y int64) int64 {
	m := x % y
	if (m^y) < 0 && m != 0 {
		m += y
	}
	return m
}
