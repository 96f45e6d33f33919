package io.nous.codegen.golang;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.SimpleName;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The one allocator of Go identifiers in an exported package. A Go name the translator makes up (a
 * constant, a temporary, a renamed local) is never one that the candidate's Java spells anywhere
 * and never one the package, its test or Go itself already uses, so a Java local can never shadow
 * it, nor it a Java local. A Java name keeps its spelling unless Go reserves it.
 */
final class GoNames {
    /** Go's keywords and predeclared identifiers (through Go 1.22), which a local must not take. */
    static final Set<String> GO_RESERVED = Set.of("break", "case", "chan", "const", "continue", "default", "defer", "else",
            "fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
            "struct", "switch", "type", "var", "any", "bool", "byte", "comparable", "complex64", "complex128", "error", "float32",
            "float64", "int", "int8", "int16", "int32", "int64", "rune", "string", "uint", "uint8", "uint16", "uint32", "uint64",
            "uintptr", "true", "false", "iota", "nil", "append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len",
            "make", "max", "min", "new", "panic", "print", "println", "real", "recover");

    /**
     * Names the package template, its test and the stand-in router module declare at package level
     * or import as packages, and the receiver {@code p}: a local must not take one.
     */
    static final Set<String> PACKAGE_LEVEL = Set.of("p", "policy", "Parameters", "Factory", "PolicyType", "AdmitterType",
            "defaultQueueDepthThreshold", "defaultKVCacheUtilThreshold", "math", "atomic", "bits", "context", "json", "fmt", "rand",
            "errors", "os", "testing", "bytes", "binary", "strconv", "fwkfc", "fwkplugin", "fwksched", "fwkdl", "errcommon",
            "requestcontrol", "strictDecoder", "computeLimits", "priorities", "newTestPolicy", "newPolicy", "endpoint", "goldenCase",
            "loadGoldenVectors", "maxBands", "rampSteps", "equivalenceCase", "loadEquivalence", "splitMix", "nextFloat", "digest",
            // the scorer package's
            "ScorerType", "scoreInputs", "promptTokens", "prefixMatch", "uncachedInputTokens", "max64", "saturatedInt32",
            "attrconcurrency", "attrprefix", "fwkrh", "request", "goldenMetrics", "goldenPrefix", "goldenLoad", "goldenEndpoint",
            "endpointStates", "newEndpointStates", "longSpecials", "intSpecials", "specials", "scoreSafely", "dumpRange", "check",
            "faultWord", "digestOffset", "digestPrime", "states", "saturations", "admissionCall", "computeSafely", "admitSafely",
            "logAnswer",
            // the saturation detector package's
            "DetectorType", "safeSaturation", "poolDraws", "newPoolDraws", "poolState", "poolSizes", "emptyPool", "saturationSafely",
            "goldenPoolCase", "goldenPoolEndpoint", "pool", "fixedNow", "newTestDetector",
            // the ordering policy package's
            "OrderingType", "item", "sloHeader", "metadata", "strings", "time", "scheduling", "testRequest", "testItem", "goldenItem",
            "goldenOrderingCase", "queueItem", "drawItem", "lessSafely", "defaultTTLUs", "wallClockUs", "nearGapsUs");

    /**
     * Package-level names a translated body refers to, which a local must therefore not shadow: the
     * receiver and the packages the body calls (the helpers are added from {@link GoHelpers}). A local
     * may shadow the rest of {@link #PACKAGE_LEVEL}; a made-up name takes none of it.
     */
    static final Set<String> BODY_REFERENCES = Set.of("p", "math", "atomic", "bits", "context");

    /** The fields and methods of the template's {@code policy} type: a translated method or the counter must not take one. */
    static final Set<String> MEMBERS = Set.of("name", "queueDepthThreshold", "kvCacheUtilThreshold", "randFn", "TypedName",
            "ComputeLimit", "Admit", "admit", "signals", "saturation", "prefixKey", "inFlightKey", "uncachedKey", "Category",
            "Consumes", "Score", "score", "safeScore", "prefixInfo", "inFlight", "uncached", "now", "Saturation", "safeSaturation",
            "Less", "less", "safeLess");

    private final Set<String> taken = new HashSet<>();

    /** An allocator that avoids every identifier of {@code root} (the candidate's whole compilation unit). */
    GoNames(Node root) {
        root.findAll(SimpleName.class).forEach(n -> taken.add(n.asString()));
        taken.addAll(GO_RESERVED);
        taken.addAll(PACKAGE_LEVEL);
        taken.addAll(MEMBERS);
        taken.addAll(GoHelpers.names());
    }

    private static boolean plain(String javaName) {
        return !GO_RESERVED.contains(javaName) && javaName.chars().allMatch(c -> c < 128) && !javaName.contains("$");
    }

    /** The Go name for a Java local or parameter: its own when Go allows it there, else a fresh one like it. */
    String javaName(String javaName) {
        return plain(javaName) && !BODY_REFERENCES.contains(javaName) && !GoHelpers.names().contains(javaName) ? javaName
                : fresh(asciiStem(javaName));
    }

    /** The Go name for a Java method or the counter field, members of the Go policy type. */
    String member(String javaName) {
        return plain(javaName) && !MEMBERS.contains(javaName) ? javaName : fresh(asciiStem(javaName));
    }

    /** A fresh name: {@code stem} itself if free, else {@code stem2}, {@code stem3}, ... */
    String fresh(String stem) {
        if (!taken.contains(stem)) {
            taken.add(stem);
            return stem;
        }
        for (int k = 2; ; k++) {
            String s = stem + k;
            if (!taken.contains(s)) {
                taken.add(s);
                return s;
            }
        }
    }

    /** A fresh temporary: t1, t2, ... */
    String temp() {
        for (int k = 1; ; k++) {
            String s = "t" + k;
            if (!taken.contains(s)) {
                taken.add(s);
                return s;
            }
        }
    }

    /**
     * The Go constant for a Java field: {@code cLimit} for {@code limit}, {@code cKvOnset} for
     * {@code KV_ONSET} (Go names have no underscores, staticcheck ST1003), fresh like every made-up name.
     */
    String constant(String javaName) {
        StringBuilder sb = new StringBuilder("c");
        if (!javaName.contains("_")) {
            sb.append(Character.toUpperCase(javaName.charAt(0))).append(javaName.substring(1));
        } else {
            for (String part : javaName.split("_+")) {
                if (!part.isEmpty()) {
                    String rest = part.substring(1);
                    sb.append(Character.toUpperCase(part.charAt(0))).append(rest.equals(rest.toUpperCase(Locale.ROOT))
                            ? rest.toLowerCase(Locale.ROOT) : rest);
                }
            }
        }
        return fresh(asciiStem(sb.toString()));
    }

    /** Letters, digits and nothing else, starting with a letter (a Java name may hold '$' or non-ASCII letters). */
    private static String asciiStem(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 128 && (Character.isLetterOrDigit(c))) {
                sb.append(c);
            }
        }
        if (sb.length() == 0 || !Character.isLetter(sb.charAt(0))) {
            sb.insert(0, 'v');
        }
        return sb.toString();
    }
}
