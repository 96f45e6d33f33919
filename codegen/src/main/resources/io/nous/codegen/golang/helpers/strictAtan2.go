// needs: fdHigh, fdLow, strictAtan
// strictAtan2 is Java's StrictMath.atan2: fdlibm 5.3 e_atan2.c.
func strictAtan2(y, x float64) float64 {
	const (
		pi     = 0x1.921fb54442d18p1
		piO4   = 0x1.921fb54442d18p-1
		piO2   = 0x1.921fb54442d18p0
		piLo   = 0x1.1a62633145c07p-53
		pi3O4  = 0x1.2d97c7f3321d2p1 // 3.0*piO4 rounded, as Java computes it
		piO2Lo = 0x1.921fb54442d18p0 // piO2 + 0.5*piLo rounded
	)
	hx := fdHigh(x)
	ix := hx & 0x7fffffff
	lx := fdLow(x)
	hy := fdHigh(y)
	iy := hy & 0x7fffffff
	ly := fdLow(y)
	if math.IsNaN(x) || math.IsNaN(y) {
		return x + y
	}
	if hx-0x3ff00000|int32(lx) == 0 { // x = 1.0
		return strictAtan(y)
	}
	m := (hy>>31)&1 | (hx>>30)&2 // 2*sign(x) + sign(y)
	// y = 0
	if iy|int32(ly) == 0 {
		switch m {
		case 0, 1:
			return y
		case 2:
			return pi
		default:
			return -pi
		}
	}
	if ix|int32(lx) == 0 { // x = 0
		if hy < 0 {
			return -piO2
		}
		return piO2
	}
	if ix == 0x7ff00000 { // x is Inf
		if iy == 0x7ff00000 {
			switch m {
			case 0:
				return piO4
			case 1:
				return -piO4
			case 2:
				return pi3O4
			default:
				return -pi3O4
			}
		}
		switch m {
		case 0:
			return 0.0
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return pi
		default:
			return -pi
		}
	}
	if iy == 0x7ff00000 { // y is Inf
		if hy < 0 {
			return -piO2
		}
		return piO2
	}
	var z float64
	k := (iy - ix) >> 20
	switch {
	case k > 60: // |y/x| > 2**60
		z = piO2Lo
	case hx < 0 && k < -60: // |y|/x < -2**60
		z = 0.0
	default:
		z = strictAtan(math.Abs(y / x))
	}
	switch m {
	case 0:
		return z
	case 1:
		return -z
	case 2:
		return pi - (z - piLo)
	}
	return (z - piLo) - pi
}
