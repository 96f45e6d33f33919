package io.nous.codegen.golang;

/**
 * The Go side of the equivalence proof: {@code equivalence_test.go}, which every exported package
 * carries. It regenerates the call sequences of {@code testdata/equivalence.json} exactly as
 * {@link CallSequences} does in Java, asks a fresh plugin each call, and compares a digest of every
 * answer with the one recorded from the Java policy. A mismatch names the sequence and the calls;
 * with {@code NOUS_EQUIVALENCE_DUMP=name:from:to} the test also logs each answer of those calls,
 * which is how Nous finds the first input whose answers differ.
 */
final class EquivalenceGo {
    private EquivalenceGo() {
    }

    /** {@code equivalence_test.go} of a usage-limit policy package. */
    static String usageLimit(String goPackage) {
        return GoPackage.LICENSE + HEADER.replace("@PACKAGE@", goPackage).replace("@IMPORTS@", "\t\"context\"\n") + common(true) + value("a ceiling") + USAGE_LIMIT;
    }

    /** {@code equivalence_test.go} of an admitter package, for either form of {@code admit}. */
    static String admitter(String goPackage, boolean terms) {
        return GoPackage.LICENSE + HEADER.replace("@PACKAGE@", goPackage).replace("@IMPORTS@", "") + common(true)
                + ADMITTER.replace("@ARGUMENTS@", terms ? "in.saturation, in.queue, in.kv, in.u" : "in.saturation, in.u");
    }

    /** {@code equivalence_test.go} of a scorer package. */
    static String scorer(String goPackage) {
        return GoPackage.LICENSE + HEADER.replace("@PACKAGE@", goPackage).replace("@IMPORTS@", "") + common(false) + value("a score") + SCORER;
    }

    private static final String HEADER = """
            package @PACKAGE@

            import (
            @IMPORTS@	"encoding/json"
            	"fmt"
            	"math"
            	"os"
            	"strconv"
            	"strings"
            	"testing"
            )

            // TestJavaEquivalence replays the call sequences the Java policy answered when Nous exported it
            // (testdata/equivalence.json) and compares a digest of every answer, bit for bit. The inputs come
            // from SplitMix64 streams that Nous computes the same way in Java; every product below is converted
            // to float64 so that no compiler fuses it into a multiply-add (Java rounds each operation).

            """;

    /** {@code value}, which adds one float answer ({@code what}) to a digest, as {@link CallSequences.Digest#value} does. */
    private static String value(String what) {
        return """
                // value adds %s: its bits, or one NaN for every NaN.
                func (d *digest) value(f float64) {
                	if math.IsNaN(f) {
                		d.word(0x7ff8000000000000)
                		return
                	}
                	d.word(math.Float64bits(f))
                }
                """.formatted(what);
    }

    /** The shared part of every equivalence test; the usage-limit and admission sequences also draw {@code special()}. */
    private static String common(boolean special) {
        return COMMON + (special ? SPECIAL : "") + COMMON_TAIL;
    }

    private static final String COMMON = """
            // splitMix is SplitMix64 (Steele, Lea and Flood 2014).
            type splitMix struct {
            	state uint64
            }

            func (r *splitMix) next() uint64 {
            	r.state += 0x9e3779b97f4a7c15
            	z := r.state
            	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
            	z = (z ^ z>>27) * 0x94d049bb133111eb
            	return z ^ z>>31
            }

            // uniform is a float64 in [0, 1) from the top 53 bits.
            func (r *splitMix) uniform() float64 {
            	return float64(float64(r.next()>>11) * 0x1p-53)
            }

            func (r *splitMix) below(n int) int {
            	return int(r.next() % uint64(n))
            }

            // specials are the edge inputs: zeros of both signs, NaN, infinity, the neighbours of 0.5 and 1, huge.
            var specials = []float64{math.Copysign(0, -1), 0, math.NaN(), math.Inf(1), 1, 0x1.fffffffffffffp-1, 0x1.0000000000001p0, 0.5,
            	0x1.fffffffffffffp-2, 0x1p-1074, 0x1p-1022, 1e-300, 2, 100, 1e6}

            """;

    /** The rest of what every package's equivalence test shares. */
    private static final String COMMON_TAIL = """
            // digest is FNV-1a over 64-bit words in little-endian byte order; every NaN counts as one.
            type digest uint64

            const (
            	digestOffset = 0xcbf29ce484222325
            	digestPrime  = 0x100000001b3
            	faultWord    = 0x4641554c54000000 // a call that panicked (Java: threw)
            )

            func (d *digest) word(w uint64) {
            	for i := 0; i < 8; i++ {
            		*d ^= digest(w >> (8 * i) & 0xff)
            		*d *= digestPrime
            	}
            }

            // dumpRange is the calls of this sequence whose answers NOUS_EQUIVALENCE_DUMP (name:from:to) asks to log.
            func dumpRange(name string) (int, int) {
            	f := strings.Split(os.Getenv("NOUS_EQUIVALENCE_DUMP"), ":")
            	if len(f) != 3 || f[0] != name {
            		return 0, 0
            	}
            	from, err1 := strconv.Atoi(f[1])
            	to, err2 := strconv.Atoi(f[2])
            	if err1 != nil || err2 != nil {
            		return 0, 0
            	}
            	return from, to
            }

            type equivalenceCase struct {
            	Name        string   `json:"name"`
            	Priorities  []int    `json:"priorities"`
            	Saturations string   `json:"saturations"`
            	States      string   `json:"states"`
            	Hold        float64  `json:"hold"`
            	Seed        uint64   `json:"seed"`
            	Calls       int      `json:"calls"`
            	Chunk       int      `json:"chunk"`
            	Digests     []string `json:"digests"`
            }

            func loadEquivalence(t *testing.T) []equivalenceCase {
            	t.Helper()
            	raw, err := os.ReadFile("testdata/equivalence.json")
            	if err != nil {
            		t.Fatalf("reading the equivalence sequences: %v", err)
            	}
            	var golden struct {
            		Sequences []equivalenceCase `json:"sequences"`
            	}
            	if err := json.Unmarshal(raw, &golden); err != nil {
            		t.Fatalf("decoding the equivalence sequences: %v", err)
            	}
            	if len(golden.Sequences) == 0 {
            		t.Fatal("no equivalence sequences")
            	}
            	return golden.Sequences
            }

            // check compares the digest of a chunk of calls with Java's; it returns the next chunk's index.
            func check(t *testing.T, c equivalenceCase, chunk, call int, d digest) int {
            	t.Helper()
            	if got := fmt.Sprintf("%016x", uint64(d)); got != c.Digests[chunk] {
            		t.Fatalf("nous-mismatch %s calls %d-%d: digest %s, Java's %s", c.Name, chunk*c.Chunk, call, got, c.Digests[chunk])
            	}
            	return chunk + 1
            }

            """;

    /** An edge value a quarter of the time, else uniform in [0, 3): the usage-limit and admission sequences' draw. */
    private static final String SPECIAL = """
            func (r *splitMix) special() float64 {
            	if r.below(4) == 0 {
            		return specials[r.below(len(specials))]
            	}
            	return float64(r.uniform() * 3)
            }

            """;

    private static final String USAGE_LIMIT = """

            // saturations is a sequence's saturation at each call.
            type saturations struct {
            	kind string
            	hold float64
            	rng  splitMix
            	k    int
            	walk float64
            }

            func (g *saturations) next() float64 {
            	switch g.kind {
            	case "grid":
            		v := float64(g.k%1501) / 1000
            		g.k++
            		return v
            	case "random":
            		return float64(g.rng.uniform() * 1.5)
            	case "walk":
            		g.walk += float64((g.rng.uniform() - 0.5) * 0.05)
            		if g.walk < 0 {
            			g.walk = -g.walk
            		}
            		if g.walk > 1.6 {
            			g.walk = 3.2 - g.walk
            		}
            		return g.walk
            	case "special":
            		return g.rng.special()
            	}
            	return g.hold
            }

            // computeSafely runs ComputeLimit; false when it panicked.
            func computeSafely(p *policy, s float64, priorities []int, ceilings []float64) (ok bool) {
            	defer func() {
            		if recover() != nil {
            			ok = false
            		}
            	}()
            	p.ComputeLimit(context.Background(), s, priorities, ceilings)
            	return true
            }

            func TestJavaEquivalence(t *testing.T) {
            	for _, c := range loadEquivalence(t) {
            		c := c
            		t.Run(c.Name, func(t *testing.T) {
            			p := newTestPolicy(t)
            			g := &saturations{kind: c.Saturations, hold: c.Hold, rng: splitMix{state: c.Seed}, walk: 0.5}
            			ceilings := make([]float64, len(c.Priorities))
            			from, to := dumpRange(c.Name)
            			d := digest(digestOffset)
            			chunk := 0
            			for call := 0; call < c.Calls; call++ {
            				s := g.next()
            				for i := range ceilings {
            					ceilings[i] = 1.0
            				}
            				ok := computeSafely(p, s, c.Priorities, ceilings)
            				if call >= from && call < to {
            					logAnswer(t, call, s, ok, ceilings)
            				}
            				if ok {
            					for _, v := range ceilings {
            						d.value(v)
            					}
            				} else {
            					d.word(faultWord)
            				}
            				if (call+1)%c.Chunk == 0 || call == c.Calls-1 {
            					chunk = check(t, c, chunk, call, d)
            					d = digest(digestOffset)
            				}
            			}
            		})
            	}
            }

            func logAnswer(t *testing.T, call int, s float64, ok bool, ceilings []float64) {
            	t.Helper()
            	if !ok {
            		t.Logf("nous-answer %d %016x panic", call, math.Float64bits(s))
            		return
            	}
            	words := make([]string, len(ceilings))
            	for i, v := range ceilings {
            		words[i] = fmt.Sprintf("%016x", math.Float64bits(v))
            	}
            	t.Logf("nous-answer %d %016x %s", call, math.Float64bits(s), strings.Join(words, ","))
            }
            """;

    private static final String ADMITTER = """
            type admissionCall struct {
            	priority   int
            	saturation float64
            	queue      float64
            	kv         float64
            	u          float64
            }

            // states is an admission sequence's inputs at each call.
            type states struct {
            	kind string
            	hold float64
            	rng  splitMix
            	k    int
            }

            func (g *states) next() admissionCall {
            	var in admissionCall
            	in.priority = g.rng.below(7) - 3
            	switch g.kind {
            	case "random":
            		in.saturation = float64(g.rng.uniform() * 1.5)
            		in.queue = float64(g.rng.uniform() * 1.5)
            		in.kv = float64(g.rng.uniform() * 1.2)
            	case "grid":
            		in.saturation = float64(g.k%151) / 100
            		axis := (g.k / 151) % 3
            		in.queue, in.kv = in.saturation, in.saturation
            		if axis == 2 {
            			in.queue = 0
            		}
            		if axis == 1 {
            			in.kv = 0
            		}
            		g.k++
            	case "special":
            		in.saturation = g.rng.special()
            		in.queue = g.rng.special()
            		in.kv = g.rng.special()
            	default:
            		in.saturation, in.queue, in.kv = g.hold, g.hold, g.hold
            	}
            	if g.rng.below(16) == 0 {
            		in.u = []float64{0, 0x1.fffffffffffffp-1, 0.5}[g.rng.below(3)]
            	} else {
            		in.u = g.rng.uniform()
            	}
            	return in
            }

            // admitSafely asks the policy; ok is false when it panicked.
            func admitSafely(p *policy, in admissionCall) (admitted, ok bool) {
            	defer func() {
            		if recover() != nil {
            			ok = false
            		}
            	}()
            	return p.admit(int32(in.priority), @ARGUMENTS@), true
            }

            func TestJavaEquivalence(t *testing.T) {
            	for _, c := range loadEquivalence(t) {
            		c := c
            		t.Run(c.Name, func(t *testing.T) {
            			p := newPolicy(t)
            			g := &states{kind: c.States, hold: c.Hold, rng: splitMix{state: c.Seed}}
            			from, to := dumpRange(c.Name)
            			d := digest(digestOffset)
            			chunk := 0
            			for call := 0; call < c.Calls; call++ {
            				in := g.next()
            				admitted, ok := admitSafely(p, in)
            				if call >= from && call < to {
            					t.Logf("nous-answer %d %v %v", call, admitted, ok)
            				}
            				switch {
            				case !ok:
            					d.word(faultWord)
            				case admitted:
            					d.word(1)
            				default:
            					d.word(0)
            				}
            				if (call+1)%c.Chunk == 0 || call == c.Calls-1 {
            					chunk = check(t, c, chunk, call, d)
            					d = digest(digestOffset)
            				}
            			}
            		})
            	}
            }
            """;

    private static final String SCORER = """

            var (
            	longSpecials = []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 4194304, 4194305, 1 << 53, 1<<53 + 1}
            	intSpecials  = []int32{0, 1, -1, math.MaxInt32, math.MinInt32, 32}
            )

            // endpointStates is a routing sequence's per-endpoint inputs at each call.
            type endpointStates struct {
            	kind string
            	rng  splitMix
            	held scoreInputs
            	k    int
            }

            func newEndpointStates(kind string, seed uint64) *endpointStates {
            	g := &endpointStates{kind: kind, rng: splitMix{state: seed}}
            	if kind == "hold" {
            		g.held = g.realistic()
            	}
            	return g
            }

            func (g *endpointStates) next() scoreInputs {
            	switch g.kind {
            	case "random":
            		return g.realistic()
            	case "grid":
            		return g.grid()
            	case "special":
            		return g.special(g.realistic())
            	}
            	return g.held
            }

            // realistic is a prompt of 1 to 16384 tokens in 64-token blocks, a share of them cached, and loads.
            func (g *endpointStates) realistic() scoreInputs {
            	var c scoreInputs
            	c.promptTokens = int64(1 + g.rng.below(16384))
            	total := int((c.promptTokens + 63) / 64)
            	var match int
            	switch g.rng.below(3) {
            	case 0:
            		match = 0
            	case 1:
            		match = total
            	default:
            		match = g.rng.below(total + 1)
            	}
            	requests := g.rng.below(65)
            	maxRequests := requests + g.rng.below(33)
            	c.inFlightTokens = int64(g.rng.below(requests*8192 + 1))
            	c.prefixMatch = float64(match) / float64(total)
            	c.uncachedTokens = int64(total-match) * 64
            	c.inFlightRequests = int32(requests)
            	c.maxInFlightRequests = int32(maxRequests)
            	c.waiting = int32(g.rng.below(33))
            	c.running = int32(g.rng.below(257))
            	c.kvUsage = g.rng.uniform()
            	return c
            }

            func (g *endpointStates) grid() scoreInputs {
            	share := g.k % 21
            	requests := (g.k / 21) % 33
            	step := (g.k / 693) % 11
            	g.k++
            	return scoreInputs{
            		promptTokens:        4096,
            		prefixMatch:         float64(share) / 20,
            		uncachedTokens:      int64(20-share) * 4096 / 20,
            		inFlightTokens:      int64(requests) * 4096,
            		inFlightRequests:    int32(requests),
            		maxInFlightRequests: 32,
            		waiting:             int32(step % 9),
            		running:             int32(requests),
            		kvUsage:             float64(step) / 10,
            	}
            }

            func (g *endpointStates) special(c scoreInputs) scoreInputs {
            	c.promptTokens = g.orLong(c.promptTokens)
            	c.prefixMatch = g.orDouble(c.prefixMatch)
            	c.uncachedTokens = g.orLong(c.uncachedTokens)
            	c.inFlightTokens = g.orLong(c.inFlightTokens)
            	c.inFlightRequests = g.orInt(c.inFlightRequests)
            	c.maxInFlightRequests = g.orInt(c.maxInFlightRequests)
            	c.waiting = g.orInt(c.waiting)
            	c.running = g.orInt(c.running)
            	c.kvUsage = g.orDouble(c.kvUsage)
            	return c
            }

            func (g *endpointStates) orLong(v int64) int64 {
            	if g.rng.below(4) == 0 {
            		return longSpecials[g.rng.below(len(longSpecials))]
            	}
            	return v
            }

            func (g *endpointStates) orInt(v int32) int32 {
            	if g.rng.below(4) == 0 {
            		return intSpecials[g.rng.below(len(intSpecials))]
            	}
            	return v
            }

            func (g *endpointStates) orDouble(v float64) float64 {
            	if g.rng.below(4) == 0 {
            		return specials[g.rng.below(len(specials))]
            	}
            	return v
            }

            // scoreSafely asks the translated scorer (scoreInputs is scorer.go's); ok is false when it panicked.
            func scoreSafely(p *policy, c scoreInputs) (score float64, ok bool) {
            	defer func() {
            		if recover() != nil {
            			ok = false
            		}
            	}()
            	return p.score(c.promptTokens, c.prefixMatch, c.uncachedTokens, c.inFlightTokens, c.inFlightRequests,
            		c.maxInFlightRequests, c.waiting, c.running, c.kvUsage), true
            }

            func TestJavaEquivalence(t *testing.T) {
            	for _, c := range loadEquivalence(t) {
            		c := c
            		t.Run(c.Name, func(t *testing.T) {
            			p := newTestPolicy(t)
            			g := newEndpointStates(c.States, c.Seed)
            			from, to := dumpRange(c.Name)
            			d := digest(digestOffset)
            			chunk := 0
            			for call := 0; call < c.Calls; call++ {
            				in := g.next()
            				score, ok := scoreSafely(p, in)
            				if call >= from && call < to {
            					t.Logf("nous-answer %d %016x %v", call, math.Float64bits(score), ok)
            				}
            				if ok {
            					d.value(score)
            				} else {
            					d.word(faultWord)
            				}
            				if (call+1)%c.Chunk == 0 || call == c.Calls-1 {
            					chunk = check(t, c, chunk, call, d)
            					d = digest(digestOffset)
            				}
            			}
            		})
            	}
            }
            """;
}
