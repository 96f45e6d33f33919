// javaCompareFloat64 is Java's Double.compare: -0 is below +0, and NaN is above everything
// (and equal to itself).
func javaCompareFloat64(a, b float64) int32 {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	ab := int64(math.Float64bits(a))
	bb := int64(math.Float64bits(b))
	if math.IsNaN(a) {
		ab = 0x7ff8000000000000
	}
	if math.IsNaN(b) {
		bb = 0x7ff8000000000000
	}
	switch {
	case ab < bb:
		return -1
	case ab > bb:
		return 1
	}
	return 0
}
