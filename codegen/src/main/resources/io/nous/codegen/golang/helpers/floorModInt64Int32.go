// needs: floorModInt64
// floorModInt64Int32 is Java's Math.floorMod(long, int), whose result is an int.
func floorModInt64Int32(x int64, y int32) int32 {
	return int32(floorModInt64(x, int64(y)))
}
