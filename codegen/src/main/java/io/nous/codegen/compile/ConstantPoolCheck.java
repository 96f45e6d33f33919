package io.nous.codegen.compile;

import io.nous.codegen.plug.PlugPoints;
import io.nous.codegen.verify.AllowList;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the constant pool of compiled candidate classes and lists every reference to a class,
 * method or field outside the run-time allow-list, every string constant and every
 * invokedynamic. It is the last static wall: whatever the source verifier might miss, a class
 * that names {@code java.lang.System} or calls {@code Math.random} never gets loaded.
 */
public final class ConstantPoolCheck {
    private static final Set<String> BUDGET_METHODS = Set.of("enterMethod", "exit", "tick", "allocate", "first", "next", "last",
            "rem", "remBy", "remByWorst", "ieeeRemainder", "pow");
    private static final Set<String> GUARD_METHODS = Set.of("creating", "enter", "alloc", "first", "next", "last",
            "rem", "remBy", "remByWorst", "ieeeRemainder", "pow");

    private ConstantPoolCheck() {
    }

    /** Problems found in {@code classes} (internal name → bytes); empty when every reference is allowed. */
    public static List<String> check(Map<String, byte[]> classes) {
        Set<String> own = new java.util.HashSet<>();
        for (String n : classes.keySet()) {
            own.add(n.replace('.', '/'));
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : classes.entrySet()) {
            try {
                scan(e.getValue(), own, problems);
            } catch (IOException ex) {
                problems.add("class " + e.getKey() + " could not be read: " + ex.getMessage());
            }
        }
        return problems;
    }

    private static void scan(byte[] bytes, Set<String> own, List<String> problems) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        int[] tags = new int[count];
        String[] utf8 = new String[count];
        int[] a = new int[count];
        int[] b = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            tags[i] = tag;
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 3, 4 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;
                }
                case 7, 8, 16, 19, 20 -> a[i] = in.readUnsignedShort();
                case 9, 10, 11, 12, 17, 18 -> {
                    a[i] = in.readUnsignedShort();
                    b[i] = in.readUnsignedShort();
                }
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        for (int i = 1; i < count; i++) {
            switch (tags[i]) {
                case 7 -> {
                    String cls = utf8[a[i]];
                    if (!classAllowed(cls, own)) {
                        problems.add("references class " + cls.replace('/', '.') + ", which candidate code may not use");
                    }
                }
                case 8 -> problems.add("contains a string constant \"" + utf8[a[i]] + "\"; policies compute with numbers only");
                case 9, 10, 11 -> {
                    String cls = utf8[a[a[i]]];
                    String member = utf8[a[b[i]]];
                    if (!memberAllowed(tags[i] == 9, cls, member, own)) {
                        problems.add("uses " + cls.replace('/', '.') + "." + member + (tags[i] == 9 ? "" : "(...)")
                                + ", which candidate code may not use");
                    }
                }
                case 15, 16, 17, 18 -> problems.add("uses invokedynamic or method handles, which candidate code may not use");
                case 19, 20 -> problems.add("declares a module or package, which candidate code may not do");
                default -> { }
            }
        }
    }

    private static boolean classAllowed(String internal, Set<String> own) {
        if (internal.startsWith("[")) {
            String element = internal.replace("[", "");
            return element.length() == 1 && "ZBCSIJFD".contains(element);
        }
        return own.contains(internal) || SandboxLoaders.RUNTIME_ALLOWED.contains(internal.replace('/', '.'));
    }

    private static boolean memberAllowed(boolean field, String cls, String member, Set<String> own) {
        if (own.contains(cls)) {
            return true;
        }
        String dotted = cls.replace('/', '.');
        String simple = dotted.substring(dotted.lastIndexOf('.') + 1);
        if (PlugPoints.byInterfaceName(dotted) != null && dotted.contains(".")) {
            return !field; // a plug point's interface: its methods (an admitter's other form), never a field
        }
        return switch (dotted) {
            case "java.lang.Object" -> !field && member.equals("<init>");
            case "io.nous.codegen.guard.Budget" -> !field && BUDGET_METHODS.contains(member);
            case "io.nous.codegen.guard.$nousGuard" -> !field && GUARD_METHODS.contains(member);
            case "java.lang.Math", "java.lang.StrictMath", "java.lang.Double", "java.lang.Integer", "java.lang.Long" ->
                    field ? AllowList.STATIC_FIELDS.get(simple).contains(member) : AllowList.STATIC_METHODS.get(simple).contains(member);
            default -> false;
        };
    }
}
