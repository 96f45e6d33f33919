package io.nous.sim.epp;

import java.util.Arrays;

/**
 * What one run's usage-limit policy decided, cycle by cycle: the saturation each dispatch cycle saw
 * and what the walk over the bands did with the ceilings (dispatched from band k, or stopped at band g,
 * or at none), runs of identical idle cycles as one decision with a count. The flow controller records
 * it; {@link DecisionReplay} holds another policy to it. The simulation is deterministic and the policy
 * reaches it only through those walks, so a policy that walks the same way at every cycle of a run runs
 * that run exactly: the trace settles its result without simulating it.
 *
 * <p>Kept as compact bytes (about 10 a decision), which is also how it crosses to a worker JVM: a
 * header (format, the priorities, the decision count), then per decision the saturation's 8 bytes, the
 * walk's code (g &gt;= 0: stopped at band g, the band count for none; -1 - k: dispatched from band k)
 * and the cycles as a variable-length count.
 */
public final class DecisionTrace {
    private static final byte FORMAT = 1;

    private final int[] priorities;
    private final int decisions;
    private final byte[] data;
    private final int length;
    private volatile String key;

    private DecisionTrace(int[] priorities, int decisions, byte[] data, int length) {
        this.priorities = priorities;
        this.decisions = decisions;
        this.data = data;
        this.length = length;
    }

    /** The provisioned priorities the policy was shown, highest first. */
    public int[] priorities() {
        return priorities.clone();
    }

    /** Distinct decisions (a run of identical idle cycles is one). */
    public int decisions() {
        return decisions;
    }

    /** Cycles over the run, repeats included: the policy's calls. */
    public long cycles() {
        long n = 0;
        for (Reader r = reader(); r.next(); ) {
            n += r.cycles();
        }
        return n;
    }

    /**
     * A name for exactly this trace: the SHA-256 of its bytes, in hex. A worker that keeps traces by it
     * needs each only once.
     */
    public String key() {
        String k = key;
        if (k == null) {
            try {
                k = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(toBytes()));
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JVM has SHA-256", e);
            }
            key = k;
        }
        return k;
    }

    /** The size of {@link #toBytes}, about. */
    public int byteSize() {
        return length + 16 + 5 * priorities.length;
    }

    /** The trace as bytes, for {@link #fromBytes}. */
    public byte[] toBytes() {
        Bytes out = new Bytes(length + 16 + 5 * priorities.length);
        out.put(FORMAT);
        out.putVarint(priorities.length);
        for (int p : priorities) {
            out.putVarint((p << 1) ^ (p >> 31));
        }
        out.putVarint(decisions);
        out.put(data, length);
        return out.toArray();
    }

    /** A trace from {@link #toBytes}; throws {@link IllegalArgumentException} naming what is malformed. */
    public static DecisionTrace fromBytes(byte[] bytes) {
        Reader header = new Reader(bytes, 0, bytes.length, 0);
        if (bytes.length == 0 || bytes[0] != FORMAT) {
            throw new IllegalArgumentException("decision trace: unknown format " + (bytes.length == 0 ? "(empty)" : bytes[0]));
        }
        header.at = 1;
        long bands = header.varint();
        if (bands < 1 || bands > 127) {
            throw new IllegalArgumentException("decision trace: " + bands + " bands");
        }
        int[] priorities = new int[(int) bands];
        for (int i = 0; i < priorities.length; i++) {
            long z = header.varint();
            priorities[i] = (int) (z >>> 1) ^ -(int) (z & 1);
        }
        long decisions = header.varint();
        if (decisions > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("decision trace: " + decisions + " decisions");
        }
        byte[] data = Arrays.copyOfRange(bytes, header.at, bytes.length);
        DecisionTrace t = new DecisionTrace(priorities, (int) decisions, data, data.length);
        int seen = 0;
        for (Reader r = t.reader(); r.next(); ) {
            if (r.code() < -priorities.length || r.code() > priorities.length || r.cycles() < 1) {
                throw new IllegalArgumentException("decision trace: decision " + seen + " is malformed");
            }
            seen++;
        }
        if (seen != decisions) {
            throw new IllegalArgumentException("decision trace: " + seen + " decisions where the header says " + decisions);
        }
        return t;
    }

    /** The decisions in order. */
    Reader reader() {
        return new Reader(data, 0, length, decisions);
    }

    /** Reads the decisions one at a time, without allocating. */
    static final class Reader {
        private final byte[] data;
        private final int end;
        private int at;
        private int left;
        private double saturation;
        private int code;
        private long cycles;

        private Reader(byte[] data, int from, int end, int decisions) {
            this.data = data;
            this.at = from;
            this.end = end;
            this.left = decisions;
        }

        /** Moves to the next decision; false at the end. */
        boolean next() {
            if (left == 0) {
                if (at != end) {
                    throw new IllegalArgumentException("decision trace: " + (end - at) + " bytes after the last decision");
                }
                return false;
            }
            if (end - at < 10) {
                throw new IllegalArgumentException("decision trace: cut short");
            }
            long bits = 0;
            for (int i = 0; i < 8; i++) {
                bits |= (data[at + i] & 0xFFL) << (8 * i);
            }
            at += 8;
            saturation = Double.longBitsToDouble(bits);
            code = data[at++];
            cycles = varint();
            left--;
            return true;
        }

        double saturation() {
            return saturation;
        }

        /** g &gt;= 0: stopped at band g (the band count: at none); -1 - k: dispatched from band k. */
        int code() {
            return code;
        }

        long cycles() {
            return cycles;
        }

        private long varint() {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (at >= end) {
                    throw new IllegalArgumentException("decision trace: cut short");
                }
                byte b = data[at++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
            }
            throw new IllegalArgumentException("decision trace: a count runs past 64 bits");
        }
    }

    /**
     * Records a run's decisions as the flow controller makes them. Spoilt (and dropped) when the trace
     * could not stand for the run: more decisions than it may hold, a ceiling that broke the contract,
     * in-flight eviction (which reads ceilings beyond the gate).
     */
    static final class Recorder {
        private final int[] priorities;
        private final int maxDecisions;
        private Bytes out = new Bytes(1024);
        private int decisions;
        private boolean pending;
        private double saturation;
        private int code;
        private long cycles;

        Recorder(int[] priorities, int maxDecisions) {
            this.priorities = priorities.clone();
            this.maxDecisions = maxDecisions;
            if (priorities.length > 127) {
                out = null; // a walk's code is one byte
            }
        }

        /** A cycle that dispatched from band {@code band}. */
        void dispatched(double s, int band) {
            decide(s, -1 - band);
        }

        /** A cycle that stopped at band {@code band} (the band count: it walked every band and found nothing). */
        void stopped(double s, int band) {
            decide(s, band);
        }

        /** {@code n} more cycles that repeated the last, an idle one. */
        void repeat(long n) {
            if (out != null && n > 0) {
                if (!pending) {
                    throw new IllegalStateException("a repeat before any cycle");
                }
                cycles += n;
            }
        }

        void spoil() {
            out = null;
        }

        private void decide(double s, int c) {
            if (out == null) {
                return;
            }
            flush();
            if (++decisions > maxDecisions) {
                out = null;
                return;
            }
            pending = true;
            saturation = s;
            code = c;
            cycles = 1;
        }

        private void flush() {
            if (pending) {
                out.putDouble(saturation);
                out.put((byte) code);
                out.putVarint(cycles);
                pending = false;
            }
        }

        /** The trace, or null when it was spoilt. */
        DecisionTrace finish() {
            if (out == null) {
                return null;
            }
            flush();
            byte[] data = out.toArray();
            return new DecisionTrace(priorities, decisions, data, data.length);
        }
    }

    /** A growable byte array, little-endian. */
    private static final class Bytes {
        private byte[] a;
        private int n;

        Bytes(int capacity) {
            a = new byte[Math.max(16, capacity)];
        }

        void put(byte b) {
            room(1);
            a[n++] = b;
        }

        void put(byte[] bytes, int length) {
            room(length);
            System.arraycopy(bytes, 0, a, n, length);
            n += length;
        }

        void putDouble(double d) {
            room(8);
            long bits = Double.doubleToRawLongBits(d);
            for (int i = 0; i < 8; i++) {
                a[n++] = (byte) (bits >>> (8 * i));
            }
        }

        void putVarint(long v) {
            room(10);
            while ((v & ~0x7FL) != 0) {
                a[n++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            a[n++] = (byte) v;
        }

        private void room(int k) {
            if (n + k > a.length) {
                a = Arrays.copyOf(a, Math.max(a.length * 2, n + k));
            }
        }

        int size() {
            return n;
        }

        byte[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }
}
