package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.verify.AllowList;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every library call a candidate may make, in every primitive overload, either translates (and every
 * Go helper it names exists) or is refused by name with its line and column: never a crash of the
 * translator, which would reach the user as "the Go export could not read this policy". Whether
 * the translated ones compute Java's bits is the equivalence proof's job (and StrictMathPortsTest's).
 */
class LibraryCallsTest {
    private static String argument(Class<?> t) {
        if (t == double.class) {
            return "s";
        }
        if (t == int.class) {
            return "i";
        }
        if (t == long.class) {
            return "t";
        }
        return t == float.class ? "(float) s" : null;
    }

    private static String candidate(String call, Class<?> returns) {
        String test = returns == boolean.class ? call : "(double) (" + call + ") > 0.5";
        return "import io.nous.sim.spi.UsageLimitPolicy;\n\npublic final class Call implements UsageLimitPolicy {\n"
                + "    private long t;\n\n    @Override\n"
                + "    public void computeLimit(double s, int[] priorities, double[] ceilings) {\n        t++;\n"
                + "        for (int i = 0; i < ceilings.length; i++) {\n"
                + "            ceilings[i] = i > 0 && " + test + " ? 0.0 : 1.0;\n        }\n    }\n}\n";
    }

    @Test
    void everyAllowedCallTranslatesOrIsRefusedByName() throws Exception {
        Map<String, String> outcomes = new TreeMap<>();
        List<String> crashes = new ArrayList<>();
        for (Map.Entry<String, java.util.Set<String>> cls : AllowList.STATIC_METHODS.entrySet()) {
            Class<?> type = Class.forName("java.lang." + cls.getKey());
            for (Method m : type.getMethods()) {
                if (!Modifier.isStatic(m.getModifiers()) || !cls.getValue().contains(m.getName())) {
                    continue;
                }
                List<String> args = new ArrayList<>();
                for (Class<?> p : m.getParameterTypes()) {
                    args.add(argument(p));
                }
                if (args.contains(null) || !m.getReturnType().isPrimitive()) {
                    continue;
                }
                String call = cls.getKey() + "." + m.getName() + "(" + String.join(", ", args) + ")";
                String source = candidate(call, m.getReturnType());
                try {
                    GoTranslator.GoCode code = GoTranslator.translate(source);
                    assertThat(GoHelpers.names()).as(call).containsAll(code.helpers());
                    outcomes.put(call, "translated");
                } catch (Untranslatable u) {
                    assertThat(u.getMessage()).as(call).containsAnyOf(cls.getKey() + "." + m.getName(), "float");
                    assertThat(u.getMessage()).as(call).contains("line 10:");
                    outcomes.put(call, "refused");
                } catch (RuntimeException e) {
                    crashes.add(call + ": " + e);
                }
            }
        }
        assertThat(crashes).isEmpty();
        assertThat(outcomes).hasSizeGreaterThan(80);
        assertThat(outcomes.values()).contains("translated", "refused");
        assertThat(outcomes).containsEntry("Math.pow(s, s)", "translated").containsEntry("Math.asin(s)", "refused")
                .containsEntry("Math.atan2(s, s)", "translated").containsEntry("Math.floorMod(t, i)", "translated");
    }
}
