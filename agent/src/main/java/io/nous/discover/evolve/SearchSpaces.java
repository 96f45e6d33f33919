package io.nous.discover.evolve;

import io.nous.codegen.JointSource;
import io.nous.discover.Evaluated;
import io.nous.sim.spi.PlugPoint;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/** The search spaces of the built-in problem classes: usage-limit policies, admitters, joint pairs of both, and routing scorers. */
public final class SearchSpaces {
    private SearchSpaces() {
    }

    /** Usage-limit policies: gates, duty cycles, periods, comparisons, reflective ceilings, constants; crossover 15 % of the time. */
    public static final SearchSpace USAGE_LIMIT = new SearchSpace() {
        @Override
        public Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents) {
            if (elites.size() >= 2 && rng.nextDouble() < 0.15) {
                Evaluated other = elites.draw();
                if (other == parent) {
                    return null;
                }
                parents.add(other.candidateId());
                return Mutations.crossover(parent.source(), other.source(), rng);
            }
            return mutateUsageLimit(parent.source(), rng, minGate);
        }

        @Override
        public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
            Mutations.Result r = Mutations.perturbConstant(base.source(), rng);
            return r != null ? r : Mutations.insertGate(base.source(), rng, minGate);
        }
    };

    /** Admitters: the refusal curve's shape, smoothing, separate saturation terms, its operating point, constants; crossover 15 %. */
    public static final SearchSpace ADMISSION = new SearchSpace() {
        @Override
        public Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents) {
            Evaluated other = elites.size() >= 2 && rng.nextDouble() < 0.15 ? elites.draw() : null;
            if (other != null && other != parent && AdmissionMutations.applies(other.source()) && !JointSource.isJoint(other.source())) {
                Mutations.Result r = AdmissionMutations.crossAdmitters(parent.source(), other.source(), rng);
                if (r != null) {
                    parents.add(other.candidateId());
                }
                return r;
            }
            return mutateAdmitter(parent.source(), parent.onset(), rng);
        }

        @Override
        public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
            return AdmissionMutations.reshape(base.source(), base.onset(), rng);
        }
    };

    /**
     * A usage-limit policy and an admitter in one class: one half mutated with its own operators (the
     * behaviour is where the usage-limit half gates and where the admitter half refuses), or the
     * halves of two elites crossed 20 % of the time.
     */
    public static final SearchSpace JOINT = new SearchSpace() {
        @Override
        public Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents) {
            Evaluated other = elites.size() >= 2 && rng.nextDouble() < 0.2 ? elites.draw() : null;
            if (other != null && other != parent && JointSource.isJoint(other.source())) {
                parents.add(other.candidateId());
                return JointMutations.crossHalves(parent.source(), other.source());
            }
            return JointMutations.mutateHalf(parent.source(), rng, half -> AdmissionMutations.applies(half)
                    ? mutateAdmitter(half, parent.dutyAt08(), rng) : mutateUsageLimit(half, rng, minGate));
        }

        @Override
        public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
            Mutations.Result j = JointMutations.mutateHalf(base.source(), rng, half -> AdmissionMutations.applies(half)
                    ? AdmissionMutations.perturbConstant(half, rng) : Mutations.perturbConstant(half, rng));
            // as before joint candidates had their own space: the half-wise change, else whatever the whole source admits
            return j != null ? j : AdmissionMutations.applies(base.source()) ? ADMISSION.fallback(base, rng, minGate)
                    : USAGE_LIMIT.fallback(base, rng, minGate);
        }
    };

    /**
     * Routing scorers: which signal gates affinity and where, affinity's form, the load term, the
     * weight between them, constants; one parent's affinity crossed with another's load 15 % of the
     * time. The behaviour cell is how sticky the scorer is and when it lets go (the probe's axes,
     * in fifths) and which load it reads, so a new load term is tuned before it must beat the old.
     */
    public static final SearchSpace ROUTING = new SearchSpace() {
        @Override
        public Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents) {
            Evaluated other = elites.size() >= 2 && rng.nextDouble() < 0.15 ? elites.draw() : null;
            if (other != null && other != parent) {
                Mutations.Result r = RoutingMutations.cross(parent.source(), other.source());
                if (r != null) {
                    parents.add(other.candidateId());
                }
                return r;
            }
            return RoutingMutations.mutate(parent.source(), rng);
        }

        @Override
        public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
            RoutingGenome g = RoutingGenome.parse(base.source());
            Mutations.Result r = g == null ? null : RoutingMutations.perturbConstant(base.source(), g, rng);
            return r != null ? r : g != null ? RoutingMutations.reweight(base.source(), g, rng) : RoutingMutations.perturbLiteral(base.source(), rng);
        }

        @Override
        public String cell(Evaluated e) {
            return fifth(e.onset()) + "/" + fifth(e.dutyAt08()) + "/" + RoutingGenome.loadName(e.source());
        }
    };

    /**
     * Saturation detectors: a threshold of the constructor call scaled or a flag flipped, sometimes
     * another constant. The behaviour cell is the probe's two axes (what it calls five waiting
     * requests per endpoint, and a pool the scrape shows idle while the router has eight in flight
     * to each), each in fifths of [0, 2].
     */
    public static final SearchSpace SATURATION = new SearchSpace() {
        @Override
        public Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents) {
            return DetectorMutations.mutate(parent.source(), rng);
        }

        @Override
        public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
            Mutations.Result r = DetectorMutations.scaleThreshold(base.source(), rng);
            r = r != null ? r : DetectorMutations.perturbConstant(base.source(), rng);
            return r != null ? r : DetectorMutations.scaleOutput(base.source(), rng);
        }

        @Override
        public String cell(Evaluated e) {
            return fifth(e.onset() / 2) + "/" + fifth(e.dutyAt08() / 2);
        }
    };

    /**
     * Ordering policies: the seed's parameters (what a header-less request's objective is, what a
     * KiB of prompt costs) scaled, sometimes another constant, with the detector search's operators
     * on constructor arguments; a parent without parameters restarts in the weighted-deadline family.
     * The behaviour cell is the probe's two axes (how often the smaller of two requests goes first,
     * how often the earlier SLO deadline does), each in fifths.
     */
    public static final SearchSpace ORDERING = parametric(OrderingMutations::mutate);

    /**
     * Eviction policies: the seed's parameters (how much recency weighs, what a KiB of prompt is
     * worth) scaled, with the detector search's operators on constructor arguments; a parent without
     * parameters restarts in the weighted-eviction family. The behaviour cell is the probe's two axes
     * (the share of requests it lets be evicted, how often the newer of two dispatches goes first), each
     * in fifths.
     */
    public static final SearchSpace EVICTION = parametric(EvictionMutations::mutate);

    /**
     * Fairness policies: the seed's parameters (what a queued request weighs, what serving the same
     * flow again costs) scaled; a parent without parameters restarts in the weighted-fair family. The
     * behaviour cell is the probe's two axes (how often it picks the flow the ordering would serve
     * first, how often the flow holding the most requests), each in fifths.
     */
    public static final SearchSpace FAIRNESS = parametric(FairnessMutations::mutate);

    /**
     * Scaling policies: the seed's thresholds (waiting requests per pod before growing, the KV use an
     * idle pool shrinks below, the step) scaled; a parent without parameters restarts in the threshold
     * family. The behaviour cell is the probe's two axes (how often it grows a pool whose requests wait,
     * how often it shrinks an idle, light one), each in fifths.
     */
    public static final SearchSpace AUTOSCALING = parametric(ScalingMutations::mutate);

    /**
     * P/D deciders: the seed's thresholds (uncached tokens before a prompt goes to a prefill pod, the
     * load below which a decode pod prefills its own) scaled; a parent without parameters restarts in
     * the threshold family. The behaviour cell is the probe's two axes (how often it sends long
     * uncached prompts away, how often from a light decode pod), each in fifths.
     */
    public static final SearchSpace PD = parametric(DeciderMutations::mutate);

    /**
     * A usage-limit policy and a saturation detector in one class: one half mutated by its own
     * operators, or one candidate's usage-limit half with another's detector 20 % of the time. The
     * behaviour cell is where the usage-limit half first gates and how the detector reads two
     * endpoints with five waiting each (its first probe axis).
     */
    public static final SearchSpace JOINT_DETECTOR = new SearchSpace() {
        private final JointSource pair = JointSource.of(PlugPoint.USAGE_LIMIT, PlugPoint.SATURATION);

        @Override
        public Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents) {
            return varyJoint(pair, parent, elites, rng, minGate, parents, half -> DetectorMutations.mutate(half, rng));
        }

        @Override
        public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
            Mutations.Result r = JointMutations.mutateHalf(pair, base.source(), rng, half -> Mutations.perturbConstant(half, rng),
                    half -> DetectorMutations.scaleThreshold(half, rng));
            return r != null ? r : JointMutations.mutateHalf(pair, base.source(), rng, half -> Mutations.perturbConstant(half, rng),
                    half -> DetectorMutations.perturbConstant(half, rng));
        }

        @Override
        public String cell(Evaluated e) {
            return fifth(e.onset()) + "/" + fifth(e.dutyAt08() / 2);
        }
    };

    /**
     * A usage-limit policy and a scaling policy in one class: one half mutated by its own operators (a
     * scaling half without parameters restarts in a family), or one candidate's usage-limit half with
     * another's scaling half 20 % of the time. The behaviour cell is where the usage-limit half first
     * gates and the scaling half's first probe axis.
     */
    public static final SearchSpace JOINT_AUTOSCALING = new SearchSpace() {
        private final JointSource pair = JointSource.of(PlugPoint.USAGE_LIMIT, PlugPoint.SCALING);

        @Override
        public Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents) {
            return varyJoint(pair, parent, elites, rng, minGate, parents, half -> ScalingMutations.mutate(half, rng));
        }

        @Override
        public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
            return JointMutations.mutateHalf(pair, base.source(), rng, half -> Mutations.perturbConstant(half, rng),
                    half -> ScalingMutations.mutate(half, rng));
        }

        @Override
        public String cell(Evaluated e) {
            return fifth(e.onset()) + "/" + fifth(e.dutyAt08());
        }
    };

    /**
     * A usage-limit policy paired with another plug point's policy: 20 % of the time, when the archive
     * holds another joint candidate of the pair, the parent's usage-limit half with its second half;
     * otherwise one half mutated, the usage-limit half by its operators and the other by {@code second}.
     */
    private static Mutations.Result varyJoint(JointSource pair, Evaluated parent, SearchSpace.Elites elites, RandomGenerator rng, double minGate,
                                              List<String> parents, java.util.function.Function<String, Mutations.Result> second) {
        Evaluated other = elites.size() >= 2 && rng.nextDouble() < 0.2 ? elites.draw() : null;
        if (other != null && other != parent && pair.isJointOf(other.source())) {
            parents.add(other.candidateId());
            return JointMutations.crossHalves(pair, parent.source(), other.source());
        }
        return JointMutations.mutateHalf(pair, parent.source(), rng, half -> mutateUsageLimit(half, rng, minGate), second);
    }

    /**
     * A space whose parents are varied by {@code mutate} alone (a family's parameters tuned, or a
     * restart in it) and whose cell is the probe's two axes, each in fifths.
     */
    private static SearchSpace parametric(java.util.function.BiFunction<String, RandomGenerator, Mutations.Result> mutate) {
        return new SearchSpace() {
            @Override
            public Mutations.Result vary(Evaluated parent, Elites elites, RandomGenerator rng, double minGate, List<String> parents) {
                return mutate.apply(parent.source(), rng);
            }

            @Override
            public Mutations.Result fallback(Evaluated base, RandomGenerator rng, double minGate) {
                return mutate.apply(base.source(), rng);
            }

            @Override
            public String cell(Evaluated e) {
                return fifth(e.onset()) + "/" + fifth(e.dutyAt08());
            }
        };
    }

    private static int fifth(double x) {
        return Double.isNaN(x) ? 5 : Math.max(0, Math.min(4, (int) Math.floor(x * 5)));
    }

    /** One of the usage-limit operators, drawn as the search always drew them. */
    static Mutations.Result mutateUsageLimit(String source, RandomGenerator rng, double minGate) {
        return switch (rng.nextInt(7)) {
            case 0, 1 -> Mutations.insertGate(source, rng, minGate);
            case 2 -> Mutations.addDutyCycle(source, rng);
            case 3 -> rng.nextBoolean() ? Mutations.changePeriod(source, rng) : Mutations.scalePeriod(source, rng);
            case 4 -> rng.nextBoolean() ? Mutations.flipComparison(source, rng) : Mutations.reflectiveCeiling(source, rng);
            case 5 -> Mutations.perturbConstant(source, rng);
            default -> Mutations.addDutyCycle(source, rng);
        };
    }

    /** One of the admitter operators. */
    static Mutations.Result mutateAdmitter(String source, double onset, RandomGenerator rng) {
        return switch (rng.nextInt(6)) {
            case 0 -> AdmissionMutations.reshape(source, onset, rng);
            case 1 -> AdmissionMutations.smooth(source, rng);
            case 2 -> AdmissionMutations.separateTerms(source, rng);
            case 3 -> AdmissionMutations.shiftCurve(source, rng);
            default -> AdmissionMutations.perturbConstant(source, rng);
        };
    }
}
