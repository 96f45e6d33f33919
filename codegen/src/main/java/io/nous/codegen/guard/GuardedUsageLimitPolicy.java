package io.nous.codegen.guard;

import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;

/**
 * Runs a compiled usage-limit candidate under its {@link Budget} and checks every answer against
 * the contract: ceilings finite, in [0, 1], non-increasing down the bands, and the read-only
 * priorities left untouched. Any breach, exception or exhausted budget becomes a
 * {@link CandidateFault} naming the cause, which fails the evaluation but not the JVM.
 */
public final class GuardedUsageLimitPolicy implements UsageLimitPolicy {
    private final UsageLimitPolicy delegate;
    private final String name;
    private final Budget budget;
    private int[] prioritiesCopy = new int[0];

    public GuardedUsageLimitPolicy(UsageLimitPolicy delegate, String name, Budget budget) {
        this.delegate = delegate;
        this.name = name;
        this.budget = budget;
    }

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        if (prioritiesCopy.length != priorities.length) {
            prioritiesCopy = new int[priorities.length];
        }
        System.arraycopy(priorities, 0, prioritiesCopy, 0, priorities.length);
        budget.reset();
        Budget previous = Budget.bind(budget);
        try {
            delegate.computeLimit(saturation, priorities, ceilings);
        } catch (BudgetExceeded e) {
            throw fault(e.getMessage(), saturation);
        } catch (StackOverflowError e) {
            throw fault("overflowed the stack", saturation);
        } catch (OutOfMemoryError e) {
            throw fault("ran out of memory", saturation);
        } catch (LinkageError e) {
            throw fault("referenced a class it may not use (" + e.getMessage() + ")", saturation);
        } catch (RuntimeException e) {
            throw fault("threw " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), saturation);
        } finally {
            Budget.bind(previous);
        }
        if (!Arrays.equals(priorities, prioritiesCopy)) {
            System.arraycopy(prioritiesCopy, 0, priorities, 0, priorities.length);
            throw fault("modified the read-only priorities array", saturation);
        }
        double above = 1.0;
        for (int i = 0; i < ceilings.length; i++) {
            double c = ceilings[i];
            if (Double.isNaN(c)) {
                throw fault("returned NaN for the ceiling of band " + i, saturation);
            }
            if (c < 0 || c > 1) {
                throw fault("returned ceiling " + c + " for band " + i + ", outside [0, 1]", saturation);
            }
            if (c > above) {
                throw fault("returned ceiling " + c + " for band " + i + ", above the band before it (" + above
                        + "); ceilings must not increase down the bands", saturation);
            }
            above = c;
        }
    }

    private CandidateFault fault(String what, double saturation) {
        return new CandidateFault("candidate '" + name + "' " + what + " (computeLimit at saturation " + saturation + ")");
    }
}
