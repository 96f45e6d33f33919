// needs: javaNextUp, javaNextDown
// javaNextAfter is Java's Math.nextAfter: equal arguments return direction (so the sign of a zero
// direction wins), and a NaN argument gives NaN.
func javaNextAfter(start, direction float64) float64 {
	switch {
	case start > direction:
		return javaNextDown(start)
	case start < direction:
		return javaNextUp(start)
	case start == direction:
		return direction
	}
	return start + direction
}
