# Writes the attack corpus (run from this folder: python3 generate.py). Each file says on its first line how it must end.
H='import io.nous.sim.spi.UsageLimitPolicy;\n'
def cls(name, body, fields='', extra=''):
    return H + f'public final class {name} implements UsageLimitPolicy {{\n{fields}    public void computeLimit(double s, int[] p, double[] c) {{\n{body}\n    }}\n{extra}}}\n'
files={}
def add(fname, expect, src):
    files[fname]=f'// expect: {expect}\n'+src
add('SlowAfterOneBand.java','check=rejected | too slow', cls('SlowAfterOneBand','        double acc = 0;\n        if (p.length > 1) { for (int i = 0; i < 30000; i++) { acc += i; } }\n        c[0] = acc >= 0 ? 1.0 : 0.5;'))
add('StrictAtanLoop.java','check=rejected | too slow', cls('StrictAtanLoop','        double x = s;\n        for (int i = 0; i < 2000; i++) { x = StrictMath.atan(x + i); }\n        c[0] = Double.isNaN(x) ? 1.0 : 1.0;'))
add('RemainderGap.java','check=rejected | too slow', cls('RemainderGap','        tick++;\n        for (int i = 0; i < c.length; i++) { c[i] = (tick * 1e300 + i) % 1e-300 > 0 ? 1.0 : 1.0; }','    private long tick;\n'))
helper='    private double big(double v) {\n' + ''.join(f'        v = v * 1.0000001 + {i}.5;\n' for i in range(400)) + '        return v;\n    }\n'
add('HugeHelper.java','check=rejected | too slow', cls('HugeHelper','        double acc = s;\n        for (int i = 0; i < 50; i++) { acc = big(acc); }\n        c[0] = acc > -1 ? 1.0 : 0.5;','',helper))
add('SlowOnlyWhenOverloaded.java','check=rejected | too slow', cls('SlowOnlyWhenOverloaded','        double acc = 0;\n        if (s > 3) { for (int i = 0; i < 200000; i++) { acc += i; } }\n        c[0] = acc >= 0 ? 1.0 : 0.5;'))
add('SlowAfterWarmUp.java','check=rejected | too slow', cls('SlowAfterWarmUp','        calls++;\n        double acc = 0;\n        if (calls > 1500) { for (int i = 0; i < 20000; i++) { acc += i; } }\n        c[0] = acc >= 0 ? 1.0 : 0.5;','    private long calls;\n'))
add('EndlessLoop.java','check=rejected | work units in one call', cls('EndlessLoop','        double acc = 0;\n        while (acc > -1) { acc = acc + 1; }\n        c[0] = 1.0;'))
add('TwoDimHuge.java','check=rejected flags=--simulation-only | array elements in one call', cls('TwoDimHuge','        double[][] m = new double[65536][65536];\n        c[0] = m[0][0] + 1;'))
add('ThreeDim.java','check=rejected flags=--simulation-only | array elements in one call', cls('ThreeDim','        double[][][] m = new double[128][128][128];\n        c[0] = m[0][0][0] + 1;'))
add('RetainedRows.java','check=rejected flags=--simulation-only | over its life', cls('RetainedRows','        rows[(int) (n % 4096)] = new double[60000];\n        n++;\n        c[0] = 1.0;','    private final double[][] rows = new double[4096][];\n    private long n;\n'))
add('GrowingArray.java','check=rejected flags=--simulation-only | over its life', cls('GrowingArray','        double[] next = new double[Math.min(65536, keep.length + 4096)];\n        keep = next;\n        c[0] = 1.0;','    private double[] keep = new double[1];\n'))
add('BigArrayLiteral.java','check=rejected | operators', cls('BigArrayLiteral','        double[] t = {' + ', '.join(str(i%10) for i in range(20000)) + '};\n        c[0] = Math.min(1, t[0] + 1);'))
add('TwoCounters.java','check=rejected | the router plugin cannot express this', cls('TwoCounters','        a++;\n        b++;\n        c[0] = 1.0;','    private long a;\n    private long b;\n'))
add('ExportableAllocation.java','check=rejected | array elements in one call', cls('ExportableAllocation','        double sum = 0;\n        for (int k = 0; k < 200; k++) { double[] t = new double[65536]; sum += t[k]; }\n        c[0] = sum >= 0 ? 1.0 : 0.5;'))
add('NestedParens.java','check=rejected | nest', cls('NestedParens','        c[0] = ' + '('*500 + '1.0' + ')'*500 + ';'))
add('DeepTernary.java','check=rejected | conditional', cls('DeepTernary','        c[0] = ' + ''.join(f's > 0.{i:03d} ? 1.0 : ' for i in range(200)) + '1.0;'))
add('LongPlusChain.java','check=rejected | operators', cls('LongPlusChain','        double x = s' + ' + s'*3000 + ';\n        c[0] = Math.min(1, x);'))
add('NestedBlocks.java','check=rejected | nest', cls('NestedBlocks','        ' + '{'*3000 + 'c[0] = 1.0;' + '}'*3000))
add('ManyLocals.java','check=rejected | operators', cls('ManyLocals','        double ' + ', '.join(f'v{i} = {i}' for i in range(3000)) + ';\n        c[0] = 1.0;'))
add('HugeSource.java','check=rejected | characters; the limit is', cls('HugeSource','        c[0] = 1.0; /* ' + 'padding '*9000 + '*/'))
add('PackageJavaLang.java','check=rejected | package \'java.lang\' is reserved', 'package java.lang;\n' + cls('PackageJavaLang','        c[0] = 1.0;'))
add('PackageGuard.java','check=rejected | package \'io.nous.codegen.guard\' is reserved', 'package io.nous.codegen.guard;\n' + cls('PackageGuard','        c[0] = 1.0;'))
add('ShadowsMath.java','check=rejected | may not be called \'Math\'', H + 'public final class Math implements UsageLimitPolicy {\n    private static double max(double a, double b) { return 2.0; }\n    public void computeLimit(double s, int[] p, double[] c) {\n        c[0] = StrictMath.min(1, max(s, 0));\n    }\n}\n')
add('NelInComment.java','check=rejected | U+0085', cls('NelInComment','        // a comment \u0085 c[0] = 0.5;\n        c[0] = 1.0;'))
add('NelInName.java','check=rejected | U+0085', cls('NelInName','        double a\u0085b = 1.0;\n        c[0] = 1.0;'))
add('CyrillicName.java','check=rejected | not allowed outside comments', cls('CyrillicName','        double \u0430 = 1.0;\n        c[0] = \u0430;'))
add('UnicodeEscape.java','check=rejected | unicode escapes', cls('UnicodeEscape','        c[0] = 1.0; // \\u000a c[0] = 0.0;'))
add('InitializerThrows.java','check=rejected flags=--simulation-only | class was being initialized: it threw ArithmeticException', cls('InitializerThrows','        c[0] = Math.min(1.0, Z);','    private static final int Z = 1 / zero();\n','    private static int zero() { return 0; }\n'))
add('DeepRecursion.java','check=rejected | call depth exceeded 64', cls('DeepRecursion','        c[0] = Math.min(1.0, down(100000));','','    private double down(int n) {\n        double a0 = n, a1 = a0 + 1, a2 = a1 + 1, a3 = a2 + 1, a4 = a3 + 1, a5 = a4 + 1, a6 = a5 + 1, a7 = a6 + 1;\n        return n == 0 ? a7 : down(n - 1) + 0 * a7;\n    }\n'))
add('RecursionAtDepth60.java','check=accepted', cls('RecursionAtDepth60','        c[0] = Math.min(1.0, down(60));','','    private double down(int n) {\n        double a0 = n, a1 = a0 + 1, a2 = a1 + 1, a3 = a2 + 1;\n        return n == 0 ? 1.0 + 0 * a3 : down(n - 1);\n    }\n'))
add('PoisonProbe.java','check=accepted probe=fault | ArrayIndexOutOfBoundsException', cls('PoisonProbe','        calls++;\n        if (calls == 1 && p.length == 2 && s > 0.04 && s < 0.06) { int[] a = new int[1]; a[2] = 0; }\n        c[0] = 1.0;','    private long calls;\n'))
add('LateThrow.java','check=accepted sim=fault | ArrayIndexOutOfBoundsException', cls('LateThrow','        calls++;\n        if (calls > 5000) { int[] a = new int[1]; a[3] = 1; }\n        c[0] = 1.0;','    private long calls;\n'))
add('BraceInComment.java','check=accepted', H + 'public final class BraceInComment implements UsageLimitPolicy { /* { */\n    // a { here too\n    private final double t = 1.0;\n    public void computeLimit(double s, int[] p, double[] c) {\n        c[0] = t;\n    }\n}\n')
add('FieldNamedIo.java','check=accepted', cls('FieldNamedIo','        double[] w = new double[2];\n        c[0] = Math.min(1.0, io + half(w[0]));','    private final double io = 1.0;\n','    private double half(double x) { return x / 2; }\n'))
add('ThisWithArray.java','check=accepted flags=--simulation-only', H + 'public final class ThisWithArray implements UsageLimitPolicy {\n    private final double[] w;\n    public ThisWithArray() { this(new double[8]); }\n    private ThisWithArray(double[] w) { this.w = w; }\n    public void computeLimit(double s, int[] p, double[] c) {\n        c[0] = Math.min(1.0, 1.0 + w[0]);\n    }\n}\n')
for f, s in files.items():
    open(f,'w',encoding='utf-8').write(s)
# a BOM before the expect line would hide it: the BOM file keeps its expectation on line 2
open('WithBom.java','w',encoding='utf-8').write('\ufeff// expect: check=accepted\n' + cls('WithBom','        c[0] = 1.0;'))
files['WithBom.java']=''
open('index.txt','w').write('\n'.join(sorted(files))+'\n')
print(len(files))
