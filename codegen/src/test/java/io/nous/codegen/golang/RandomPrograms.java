package io.nous.codegen.golang;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random, well-typed candidates in the exported subset, for the property that the Go export computes
 * what the Java computes: constants written in every literal form (hex, octal, binary, long, float
 * forms, negative zero) and combined so that Java's rounding and wrapping matter; int, long, double
 * and boolean arithmetic with casts, shifts and compound assignments that narrow; a counter;
 * helpers that write the ceilings or move the counter, called where Go's evaluation order would
 * differ from Java's; loops; the Math functions the export takes; and locals named like the Go the
 * translator writes ({@code len}, {@code p}, {@code v1}, {@code cLimit}, {@code t1}). A program may
 * fault (a division by zero, an index out of range): the Go must then panic on the same call.
 */
final class RandomPrograms {
    private enum Ty {
        INT("int"), LONG("long"), DOUBLE("double"), BOOL("boolean");

        final String java;

        Ty(String java) {
            this.java = java;
        }
    }

    private record Var(String name, Ty type) {
    }

    private final Random rng;
    private final List<Var> fields = new ArrayList<>();
    private final List<List<Var>> scopes = new ArrayList<>();
    private boolean counter;
    private final List<String> helpers = new ArrayList<>();
    private int names;
    private int loopDepth;

    private RandomPrograms(long seed) {
        this.rng = new Random(seed);
    }

    /** The source of program {@code index} of the stream {@code seed}: a usage-limit policy class named {@code P<index>}. */
    static String usageLimit(long seed, int index) {
        return new RandomPrograms(seed * 1_000_003L + index).program("P" + index);
    }

    private static final String[] ODD_NAMES = {"len", "p", "v1", "t1", "cLimit", "cap", "string", "math", "range", "unused", "priorities2",
        "javaRound", "strictPow", "fdHigh", "name", "saturation2", "nil", "iota", "error", "select"};

    private String fresh() {
        if (rng.nextInt(6) == 0) {
            String odd = ODD_NAMES[rng.nextInt(ODD_NAMES.length)];
            if (!declared(odd)) {
                return odd;
            }
        }
        return "x" + (++names);
    }

    private boolean declared(String name) {
        for (List<Var> s : scopes) {
            for (Var v : s) {
                if (v.name().equals(name)) {
                    return true;
                }
            }
        }
        return fields.stream().anyMatch(f -> f.name().equals(name)) || name.equals("tick");
    }

    private String program(String className) {
        StringBuilder sb = new StringBuilder("import io.nous.sim.spi.UsageLimitPolicy;\n\npublic final class ").append(className)
                .append(" implements UsageLimitPolicy {\n");
        int nFields = rng.nextInt(4);
        for (int i = 0; i < nFields; i++) {
            Ty t = pick(Ty.INT, Ty.LONG, Ty.DOUBLE, Ty.DOUBLE, Ty.BOOL);
            String name = rng.nextBoolean() ? "LIMIT" + i : "k" + i + "_VALUE";
            sb.append("    private static final ").append(t.java).append(' ').append(name).append(" = ").append(constant(t, 2)).append(";\n");
            fields.add(new Var(name, t));
        }
        counter = rng.nextInt(3) > 0;
        if (counter) {
            sb.append("    private long tick;\n");
        }
        int nHelpers = rng.nextInt(3);
        StringBuilder helperSrc = new StringBuilder();
        for (int i = 0; i < nHelpers; i++) {
            String h = "h" + i;
            helpers.add(h);
            helperSrc.append(helper(h));
        }
        sb.append("\n    @Override\n    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {\n");
        scopes.add(new ArrayList<>(List.of(new Var("saturation", Ty.DOUBLE))));
        int n = 2 + rng.nextInt(6);
        for (int i = 0; i < n; i++) {
            statement(sb, "        ", 2);
        }
        // every band gets an answer that depends on what came before
        sb.append("        for (int band = 0; band < ceilings.length; band++) {\n");
        scopes.add(new ArrayList<>(List.of(new Var("band", Ty.INT))));
        sb.append("            ceilings[band] = ").append(expr(Ty.DOUBLE, 3)).append(";\n");
        scopes.remove(scopes.size() - 1);
        sb.append("        }\n    }\n");
        scopes.remove(scopes.size() - 1);
        sb.append(helperSrc);
        return sb.append("}\n").toString();
    }

    private String helper(String name) {
        StringBuilder sb = new StringBuilder("\n    private double ").append(name).append("(double a, double[] c) {\n");
        List<String> effects = new ArrayList<>();
        if (rng.nextBoolean()) {
            effects.add("        c[0] = c[0] * 0.5 + a;\n");
        }
        if (counter && rng.nextBoolean()) {
            effects.add("        tick += 3;\n");
        }
        if (rng.nextBoolean()) {
            effects.add("        c[c.length - 1] = a - c[0];\n");
        }
        effects.forEach(sb::append);
        switch (rng.nextInt(3)) {
            case 0 -> sb.append("        return a * ").append(rng.nextInt(5) - 2).append(".5 + c[0];\n    }\n");
            // the return paths an admitter's admit takes: a conditional returned, and an early return
            case 1 -> sb.append("        return a > c[0] ? a - c[0] : (a < -1 ? -1.0 : c[0] * a);\n    }\n");
            default -> sb.append("        if (a > 0.5) {\n            return a;\n        }\n        int k = (int) (a * 8);\n"
                    + "        return k % 3 == 0 ? c[c.length - 1] : k;\n    }\n");
        }
        return sb.toString();
    }

    private void statement(StringBuilder sb, String ind, int depth) {
        int kind = rng.nextInt(depth > 0 ? 12 : 7);
        switch (kind) {
            case 0, 1, 2 -> {
                Ty t = pick(Ty.INT, Ty.LONG, Ty.DOUBLE, Ty.DOUBLE, Ty.BOOL);
                String name = fresh();
                sb.append(ind).append(t.java).append(' ').append(name).append(" = ").append(expr(t, 3)).append(";\n");
                scopes.get(scopes.size() - 1).add(new Var(name, t));
            }
            case 3 -> {
                Var v = someLocal(null);
                if (v == null) {
                    return;
                }
                if (v.type() == Ty.BOOL) {
                    sb.append(ind).append(v.name()).append(rng.nextBoolean() ? " = " : " &= ").append(expr(Ty.BOOL, 2)).append(";\n");
                } else {
                    String op = pick("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", ">>>=", "&=", "|=", "^=");
                    Ty rhs = op.contains("<") || op.contains(">") || op.equals("&=") || op.equals("|=") || op.equals("^=")
                            ? (v.type() == Ty.DOUBLE ? null : pick(Ty.INT, Ty.LONG)) : pick(Ty.INT, Ty.LONG, Ty.DOUBLE);
                    if (rhs == null) {
                        op = pick("+=", "-=", "*=", "/=");
                        rhs = pick(Ty.INT, Ty.DOUBLE);
                    }
                    if (op.equals("=")) {
                        sb.append(ind).append(v.name()).append(" = ").append(cast(v.type(), expr(rhs, 2), rhs)).append(";\n");
                    } else {
                        sb.append(ind).append(v.name()).append(' ').append(op).append(' ').append(expr(rhs, 2)).append(";\n");
                    }
                }
            }
            case 4 -> {
                String idx = index();
                String op = pick("=", "*=", "+=", "-=");
                sb.append(ind).append("ceilings[").append(idx).append("] ").append(op).append(' ').append(expr(Ty.DOUBLE, 2)).append(";\n");
            }
            case 5 -> {
                if (counter) {
                    sb.append(ind).append(pick("tick++;", "++tick;", "tick--;", "tick += " + expr(Ty.INT, 1) + ";",
                            "tick = " + expr(Ty.LONG, 2) + ";", "long " + fresh() + " = tick++;")).append('\n');
                }
            }
            case 6 -> {
                if (!helpers.isEmpty()) {
                    sb.append(ind).append(helpers.get(rng.nextInt(helpers.size()))).append('(').append(expr(Ty.DOUBLE, 1))
                            .append(", ceilings);\n");
                }
            }
            case 7, 8 -> {
                sb.append(ind).append("if (").append(expr(Ty.BOOL, 2)).append(") {\n");
                block(sb, ind + "    ", depth - 1);
                if (rng.nextBoolean()) {
                    sb.append(ind).append("} else if (").append(expr(Ty.BOOL, 2)).append(") {\n");
                    block(sb, ind + "    ", depth - 1);
                }
                if (rng.nextBoolean()) {
                    sb.append(ind).append("} else {\n");
                    block(sb, ind + "    ", depth - 1);
                }
                sb.append(ind).append("}\n");
            }
            case 9 -> {
                String i = "i" + (++names);
                sb.append(ind).append("for (int ").append(i).append(" = 0; ").append(i).append(" < ceilings.length; ").append(i).append("++) {\n");
                scopes.add(new ArrayList<>(List.of(new Var(i, Ty.INT))));
                loopDepth++;
                block(sb, ind + "    ", depth - 1);
                if (rng.nextInt(4) == 0) {
                    sb.append(ind).append("    if (").append(expr(Ty.BOOL, 1)).append(") {\n").append(ind).append("        ")
                            .append(pick("break;", "continue;")).append('\n').append(ind).append("    }\n");
                }
                loopDepth--;
                scopes.remove(scopes.size() - 1);
                sb.append(ind).append("}\n");
            }
            case 10 -> {
                String v = fresh();
                boolean overPriorities = rng.nextBoolean();
                sb.append(ind).append("for (").append(overPriorities ? "int " : "double ").append(v).append(" : ")
                        .append(overPriorities ? "priorities" : "ceilings").append(") {\n");
                scopes.add(new ArrayList<>(List.of(new Var(v, overPriorities ? Ty.INT : Ty.DOUBLE))));
                block(sb, ind + "    ", depth - 1);
                scopes.remove(scopes.size() - 1);
                sb.append(ind).append("}\n");
            }
            default -> {
                sb.append(ind).append("if (").append(expr(Ty.BOOL, 1)).append(") {\n").append(ind).append("    return;\n").append(ind)
                        .append("}\n");
            }
        }
    }

    private void block(StringBuilder sb, String ind, int depth) {
        scopes.add(new ArrayList<>());
        int n = 1 + rng.nextInt(3);
        for (int i = 0; i < n; i++) {
            statement(sb, ind, depth);
        }
        scopes.remove(scopes.size() - 1);
    }

    /** An index that is usually in range (an out-of-range one faults on both sides). */
    private String index() {
        return switch (rng.nextInt(4)) {
            case 0 -> "0";
            case 1 -> "ceilings.length - 1";
            case 2 -> "(int) (Math.abs(" + expr(Ty.LONG, 1) + ") % ceilings.length)";
            default -> "Math.min(ceilings.length - 1, " + rng.nextInt(4) + ")";
        };
    }

    private Var someLocal(Ty type) {
        List<Var> all = new ArrayList<>();
        for (List<Var> s : scopes) {
            for (Var v : s) {
                if ((type == null || v.type() == type) && !v.name().equals("saturation") && !v.name().startsWith("i")
                        && !v.name().equals("band")) {
                    all.add(v);
                }
            }
        }
        return all.isEmpty() ? null : all.get(rng.nextInt(all.size()));
    }

    /** A value of any numeric type converted to {@code to}, as Java requires for an assignment. */
    private static String cast(Ty to, String e, Ty from) {
        if (to == from || to == Ty.DOUBLE || to == Ty.LONG && from == Ty.INT) {
            return e;
        }
        return "(" + to.java + ") (" + e + ")";
    }

    // ---- expressions ----

    private String expr(Ty t, int depth) {
        if (depth <= 0 || rng.nextInt(4) == 0) {
            return leaf(t);
        }
        switch (t) {
            case BOOL -> {
                return switch (rng.nextInt(6)) {
                    case 0, 1 -> {
                        Ty n = pick(Ty.INT, Ty.LONG, Ty.DOUBLE, Ty.DOUBLE);
                        yield "(" + expr(n, depth - 1) + " " + pick("<", "<=", ">", ">=", "==", "!=") + " " + expr(n, depth - 1) + ")";
                    }
                    case 2 -> "(" + expr(Ty.BOOL, depth - 1) + " " + pick("&&", "||", "&", "|", "^") + " " + expr(Ty.BOOL, depth - 1) + ")";
                    case 3 -> "!" + "(" + expr(Ty.BOOL, depth - 1) + ")";
                    case 4 -> "Double.isNaN(" + expr(Ty.DOUBLE, depth - 1) + ")";
                    default -> "(" + expr(Ty.BOOL, depth - 1) + " ? " + expr(Ty.BOOL, depth - 1) + " : " + expr(Ty.BOOL, depth - 1) + ")";
                };
            }
            case DOUBLE -> {
                return switch (rng.nextInt(10)) {
                    case 0, 1, 2 -> "(" + expr(Ty.DOUBLE, depth - 1) + " " + pick("+", "-", "*", "/", "%") + " "
                            + expr(pick(Ty.DOUBLE, Ty.INT, Ty.LONG), depth - 1) + ")";
                    case 3 -> "(" + expr(Ty.BOOL, depth - 1) + " ? " + expr(Ty.DOUBLE, depth - 1) + " : " + expr(pick(Ty.DOUBLE, Ty.INT), depth - 1) + ")";
                    case 4 -> "(double) " + "(" + expr(pick(Ty.INT, Ty.LONG), depth - 1) + ")";
                    case 5, 6 -> math(depth);
                    case 7 -> helpers.isEmpty() ? leaf(t) : helpers.get(rng.nextInt(helpers.size())) + "(" + expr(Ty.DOUBLE, depth - 1) + ", ceilings)";
                    case 8 -> "-" + "(" + expr(Ty.DOUBLE, depth - 1) + ")";
                    default -> "ceilings[" + index() + "]";
                };
            }
            default -> {
                boolean isLong = t == Ty.LONG;
                return switch (rng.nextInt(9)) {
                    case 0, 1, 2 -> "(" + expr(t, depth - 1) + " " + pick("+", "-", "*", "/", "%", "&", "|", "^") + " "
                            + expr(isLong ? pick(Ty.INT, Ty.LONG) : Ty.INT, depth - 1) + ")";
                    case 3 -> "(" + expr(t, depth - 1) + " " + pick("<<", ">>", ">>>") + " " + expr(pick(Ty.INT, Ty.LONG), depth - 1) + ")";
                    case 4 -> "(" + t.java + ") (" + expr(pick(Ty.DOUBLE, Ty.LONG, Ty.INT), depth - 1) + ")";
                    case 5 -> "(" + expr(Ty.BOOL, depth - 1) + " ? " + expr(t, depth - 1) + " : " + expr(isLong ? pick(Ty.INT, Ty.LONG) : Ty.INT,
                            depth - 1) + ")";
                    case 6 -> isLong ? "Math.round(" + expr(Ty.DOUBLE, depth - 1) + ")" : "priorities[" + index().replace("ceilings", "priorities") + "]";
                    case 7 -> "Math." + pick("max", "min", "floorDiv", "floorMod") + "(" + expr(t, depth - 1) + ", " + expr(t, depth - 1) + ")";
                    default -> (isLong && counter ? pick("tick++", "++tick", "tick") : pick("~", "-") + "(" + expr(t, depth - 1) + ")");
                };
            }
        }
    }

    private String math(int depth) {
        String a = expr(Ty.DOUBLE, depth - 1);
        return switch (rng.nextInt(18)) {
            case 0 -> "Math.pow(" + a + ", " + expr(Ty.DOUBLE, depth - 1) + ")";
            case 1 -> "Math.exp(" + a + ")";
            case 2 -> "Math.log(" + a + ")";
            case 3 -> "Math.sqrt(" + a + ")";
            case 4 -> "Math.max(" + a + ", " + expr(Ty.DOUBLE, depth - 1) + ")";
            case 5 -> "Math.min(" + a + ", " + expr(Ty.DOUBLE, depth - 1) + ")";
            case 6 -> "Math.abs(" + a + ")";
            case 7 -> "Math.floor(" + a + ")";
            case 8 -> "Math.tanh(" + a + ")";
            case 9 -> "Math.cbrt(" + a + ")";
            case 10 -> "Math.log1p(" + a + ")";
            case 11 -> "Math.hypot(" + a + ", " + expr(Ty.DOUBLE, depth - 1) + ")";
            case 12 -> "Math.atan2(" + a + ", " + expr(Ty.DOUBLE, depth - 1) + ")";
            case 13 -> "Math.signum(" + a + ")";
            case 14 -> "Math.copySign(" + a + ", " + expr(Ty.DOUBLE, depth - 1) + ")";
            case 15 -> "Math.rint(" + a + ")";
            case 16 -> "Math.expm1(" + a + ")";
            default -> "Math.ceil(" + a + ")";
        };
    }

    private String leaf(Ty t) {
        if (rng.nextInt(3) == 0) {
            List<Var> matching = new ArrayList<>();
            for (List<Var> s : scopes) {
                for (Var v : s) {
                    if (v.type() == t) {
                        matching.add(v);
                    }
                }
            }
            for (Var f : fields) {
                if (f.type() == t) {
                    matching.add(f);
                }
            }
            if (!matching.isEmpty()) {
                return matching.get(rng.nextInt(matching.size())).name();
            }
        }
        return switch (t) {
            case DOUBLE -> rng.nextInt(3) == 0 ? "saturation" : rng.nextInt(4) == 0 ? "ceilings[" + index() + "]" : literal(t);
            case INT -> rng.nextInt(4) == 0 ? "ceilings.length" : literal(t);
            case LONG -> counter && rng.nextInt(3) == 0 ? "tick" : literal(t);
            default -> rng.nextBoolean() ? "true" : "(saturation > " + literal(Ty.DOUBLE) + ")";
        };
    }

    /** A constant expression of type {@code t}, in the literal forms Go reads differently. */
    private String constant(Ty t, int depth) {
        if (depth <= 0 || rng.nextInt(3) == 0) {
            return literal(t);
        }
        return switch (t) {
            case BOOL -> "(" + constant(Ty.INT, depth - 1) + " < " + constant(Ty.INT, depth - 1) + ")";
            case DOUBLE -> "(" + constant(Ty.DOUBLE, depth - 1) + " " + pick("+", "-", "*", "/") + " " + constant(pick(Ty.DOUBLE, Ty.INT), depth - 1) + ")";
            default -> "(" + constant(t, depth - 1) + " " + pick("*", "+", "-", "<<", ">>>", "|") + " " + constant(Ty.INT, depth - 1) + ")";
        };
    }

    private String literal(Ty t) {
        return switch (t) {
            case INT -> pick("0", "1", "2", "3", "7", "-1", "1000", "0xFF", "0xFFFFFFFF", "010", "0b101", "2147483647", "-2147483648", "1_000",
                    "31", "33", "64");
            case LONG -> pick("0L", "1L", "3000000000L", "0xFFFFFFFFL", "-1L", "9223372036854775807L", "100L", "017L", "5L");
            case DOUBLE -> pick("0.0", "-0.0", "0.1", "0.2", "0.5", "1.0", "1.5", "0.3", "1e-3", ".5", "2.", "1e300", "4.9e-324", "0x1e",
                    "010", "3", "0.1 + 0.2", "Double.MAX_VALUE", "Double.MIN_VALUE", "Math.PI", "0.7", "1e-9", "100.0");
            default -> pick("true", "false");
        };
    }

    @SafeVarargs
    private <X> X pick(X... options) {
        return options[rng.nextInt(options.length)];
    }
}
