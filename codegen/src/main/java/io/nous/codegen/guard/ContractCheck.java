package io.nous.codegen.guard;

/** The usage-limit contract, checked on one answer (used where the simulator is not in the loop). */
public final class ContractCheck {
    private ContractCheck() {
    }

    /**
     * A description of the first breach, or null when the answer keeps the contract: priorities
     * untouched, every ceiling a number in [0, 1], none above the band before it.
     */
    public static String breach(int[] expectedPriorities, int[] priorities, double[] ceilings) {
        double above = 1.0;
        for (int i = 0; i < ceilings.length; i++) {
            double c = ceilings[i];
            if (priorities[i] != expectedPriorities[i]) {
                return "modified the read-only priorities array";
            }
            if (Double.isNaN(c)) {
                return "returned NaN for the ceiling of band " + i;
            }
            if (c < 0 || c > 1) {
                return "returned ceiling " + c + " for band " + i + ", outside [0, 1]";
            }
            if (c > above) {
                return "returned ceiling " + c + " for band " + i + ", above the band before it (" + above
                        + "); ceilings must not increase down the bands";
            }
            above = c;
        }
        return null;
    }
}
