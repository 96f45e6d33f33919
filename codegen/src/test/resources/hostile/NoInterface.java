// expect: rejected|exactly one
public final class NoInterface {
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
    }
}
