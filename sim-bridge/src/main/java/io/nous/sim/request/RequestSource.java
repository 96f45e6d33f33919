package io.nous.sim.request;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.ClientSpec;
import io.nous.sim.workload.LengthDistribution;
import io.nous.sim.workload.RequestClass;
import io.nous.sim.workload.SessionSpec;
import io.nous.sim.workload.RateShape;
import io.nous.sim.workload.SharedPrefix;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Generates a workload's requests in arrival order, lazily. Every property of a request is drawn
 * from its own seeded stream and every stream is consumed exactly once per request, so the sequence
 * depends only on (workload, qps, seed) and never on the policy under test. A multi-client workload
 * runs one arrival stream per client (each with its own streams) and merges them by time.
 *
 * <p>A closed-loop client's users are not an arrival stream: each user sends its first request in
 * the first think time, and its next one a think time after the previous one ends
 * ({@link #followUp}), so when they arrive depends on the cluster. What each user sends (its k-th
 * request's lengths and admission draw) still comes from streams of that user alone, so two
 * policies are compared on the same requests, sent when each policy lets them.
 *
 * <p>A multi-turn client's arrivals start sessions: each later round is sent a think time after the
 * previous one completed, with lengths from that session's own streams; with accumulating context its
 * prompt is the conversation so far. A session ends when a round is rejected or given up on, and a
 * closed-loop user stops the same way (BLIS cancels both).
 *
 * <p>Prompts carry their content ({@link PromptContent}) when the workload declares what they share:
 * a system prompt or a share of each prompt per tenant, or a BLIS client's {@code prefix_group}.
 */
public final class RequestSource implements Arrivals {
    private final List<RequestClass> classes;
    private final double[] cumulativeShare;
    private final int tenantsPerClass;
    private final ArrivalProcess.GapSampler gaps;
    private final LengthDistribution.Sampler inputs;
    private final LengthDistribution.Sampler outputs;
    private final SplittableRandom classStream;
    private final SplittableRandom tenantStream;
    private final SplittableRandom admissionStream;
    private final long endUs;
    private final int maxModelLen;
    private final SharedPrefix prefix;
    private final long timeoutUs;
    private final long requestLimit;

    private double nextArrivalSeconds;
    private int nextId;
    private long sent;
    private final Client[] clients;
    /** Closed-loop users' first requests, in arrival order, not yet handed out. */
    private final List<Request> firstRounds = new ArrayList<>();
    private int nextFirstRound;

    /** One client's stream in a multi-client workload. */
    private static final class Client {
        final int index;
        final ClientSpec spec;
        final int tenantBase;
        final ArrivalProcess.GapSampler gaps;
        final LengthDistribution.Sampler inputs;
        final LengthDistribution.Sampler outputs;
        /** Which of its tenants each request comes from, in the order the client sends (when it has several). */
        final SplittableRandom tenants;
        double next;

        Client(int index, ClientSpec c, int tenantBase, double qps, RandomStreams streams) {
            this.tenants = c.tenants() > 1 ? streams.stream("tenants/" + c.id()) : null;
            this.index = index;
            this.spec = c;
            this.tenantBase = tenantBase;
            this.gaps = c.closedLoop() ? null : c.arrival().sampler(qps * c.rateFraction(), streams.generator("arrivals/" + c.id()));
            this.inputs = c.input().sampler(streams.generator("input-lengths/" + c.id()));
            this.outputs = c.output().sampler(streams.generator("output-lengths/" + c.id()));
            this.next = c.closedLoop() ? Double.POSITIVE_INFINITY : gaps.next();
        }
    }

    /** One user of a closed-loop client: what it sends comes from its own streams. */
    private static final class User {
        final Client client;
        final LengthDistribution.Sampler inputs;
        final LengthDistribution.Sampler outputs;
        final SplittableRandom admission;

        User(Client client, int index, RandomStreams streams) {
            this.client = client;
            String name = client.spec.id() + "/" + index;
            this.inputs = client.spec.input().sampler(streams.generator("input-lengths/" + name));
            this.outputs = client.spec.output().sampler(streams.generator("output-lengths/" + name));
            this.admission = streams.stream("admission/" + name);
        }
    }

    /** Closed-loop users, indexed by {@link Request#user}. */
    private final List<User> users = new ArrayList<>();

    /** One multi-turn conversation: what it has said so far, and its own streams for later rounds. */
    private static final class Session {
        final Client client;
        final String name;
        final LengthDistribution.Sampler inputs;
        final LengthDistribution.Sampler outputs;
        final SplittableRandom admission;
        /** Rounds at most: the client's, or a sub-agent's. */
        final int maxRounds;
        /** The agent that started it, or -1: a session of the client's own. */
        final int parent;
        /** An agent's pauses and decisions, each from its own stream; null for other sessions. */
        final LengthDistribution.Sampler thinkMs;
        final LengthDistribution.Sampler toolMs;
        final SplittableRandom agent;
        /** The tenant and the prefix group whose system prompt an agent's sub-agents share. */
        int tenant;
        int group = -1;
        int round;
        /** Sub-agents still running, how many were started, and the round the agent resumes from. */
        int waitingFor;
        int children;
        Request resumeFrom;

        Session(Client client, String name, int maxRounds, int parent, RandomStreams streams) {
            this.client = client;
            this.name = name;
            this.maxRounds = maxRounds;
            this.parent = parent;
            this.inputs = client.spec.input().sampler(streams.generator("input-lengths/" + name));
            this.outputs = client.spec.output().sampler(streams.generator("output-lengths/" + name));
            this.admission = streams.stream("admission/" + name);
            SessionSpec.Agentic a = client.spec.session().agentic();
            this.thinkMs = a == null ? null : a.thinkMs().sampler(streams.generator("think/" + name));
            this.toolMs = a == null ? null : a.toolMs().sampler(streams.generator("tool/" + name));
            this.agent = a == null ? null : streams.stream("agent/" + name);
        }

        /** The pause before its next round: the client's think time, or an agent's drawn thinking or tool run. */
        long pauseUs() {
            SessionSpec s = client.spec.session();
            if (agent == null) {
                return s.thinkTimeUs();
            }
            boolean tool = agent.nextDouble() < s.agentic().toolShare();
            return 1000L * (tool ? toolMs.next() : thinkMs.next());
        }
    }

    /** The rate's daily cycle, or null: constant. */
    private final RateShape shape;
    /** Sessions, indexed by {@link Request#session}. */
    private final List<Session> sessions = new ArrayList<>();
    private final RandomStreams streams;
    /** Sessions each client has started. */
    private int[] sessionsStarted;

    /**
     * @param endUs       no request arrives at or after this time
     * @param maxModelLen prompt + output never exceed this (the engine's context limit)
     */
    public RequestSource(Workload w, double qps, RandomStreams streams, long endUs, int maxModelLen) {
        this(w, qps, streams, endUs, maxModelLen, null);
    }

    /**
     * Arrivals whose rate follows {@code shape} (null: constant). A shape applies to a workload's
     * class mix; clients keep their own arrival processes and windows, so it is refused for them.
     */
    public RequestSource(Workload w, double qps, RandomStreams streams, long endUs, int maxModelLen, RateShape shape) {
        if (shape != null && !w.clients().isEmpty()) {
            throw new WorkloadException("a diurnal rate shapes a workload's class mix; workload '" + w.name() + "' sends from clients "
                    + "with their own arrival processes and windows (shape those instead)");
        }
        this.shape = shape;
        if (!(qps > 0) || Double.isInfinite(qps)) {
            throw new IllegalArgumentException("qps must be a positive number, got " + qps);
        }
        this.classes = w.classes();
        this.cumulativeShare = new double[classes.size()];
        double acc = 0;
        for (int i = 0; i < classes.size(); i++) {
            acc += classes.get(i).share();
            cumulativeShare[i] = acc;
        }
        this.tenantsPerClass = w.tenantsPerClass();
        this.gaps = w.arrival().sampler(qps, streams.generator("arrivals"));
        this.inputs = w.input().sampler(streams.generator("input-lengths"));
        this.outputs = w.output().sampler(streams.generator("output-lengths"));
        this.classStream = streams.stream("classes");
        this.tenantStream = streams.stream("tenants");
        this.admissionStream = streams.stream("admission");
        this.endUs = endUs;
        this.maxModelLen = maxModelLen;
        this.prefix = w.prefix();
        this.timeoutUs = w.timeoutUs();
        this.requestLimit = w.requestLimit();
        this.streams = streams;
        this.nextArrivalSeconds = gaps.next();
        if (w.clients().isEmpty()) {
            this.clients = null;
        } else {
            double totalFraction = w.clients().stream().filter(c -> !c.closedLoop()).mapToDouble(ClientSpec::rateFraction).sum();
            this.clients = new Client[w.clients().size()];
            this.sessionsStarted = new int[clients.length];
            for (int i = 0; i < clients.length; i++) {
                ClientSpec c = w.clients().get(i);
                ClientSpec scaled = c.closedLoop() ? c : c.withRateFraction(c.rateFraction() / totalFraction);
                clients[i] = new Client(i, scaled, c.tenant(), qps, streams);
            }
            for (Client c : clients) {
                for (int u = 0; u < c.spec.concurrency(); u++) {
                    // users start spread over the first think time, as BLIS staggers them
                    long at = c.spec.concurrency() > 1 ? u * c.spec.thinkTimeUs() / c.spec.concurrency() : 0;
                    User user = new User(c, u, streams);
                    users.add(user);
                    if (at < endUs) {
                        firstRounds.add(userRequest(users.size() - 1, at));
                    }
                }
            }
            firstRounds.sort((a, b) -> a.arrivalUs != b.arrivalUs ? Long.compare(a.arrivalUs, b.arrivalUs) : Integer.compare(a.id, b.id));
        }
    }

    /** The next request, or {@code null} when arrivals have ended. */
    @Override
    public Request next() {
        if (clients != null) {
            return nextFromClients();
        }
        long t = shape == null ? Math.round(nextArrivalSeconds * 1e6) : shape.realTime(nextArrivalSeconds * 1e6);
        if (t >= endUs || limitReached()) {
            return null;
        }
        nextArrivalSeconds += gaps.next();
        double c = classStream.nextDouble() * cumulativeShare[cumulativeShare.length - 1];
        int cls = 0;
        while (cls < cumulativeShare.length - 1 && c >= cumulativeShare[cls]) {
            cls++;
        }
        int tenant = tenantStream.nextInt(tenantsPerClass);
        int sampledIn = inputs.next();
        int sampledOut = outputs.next();
        double u = admissionStream.nextDouble();
        int id = nextId++;
        sent++;
        if (prefix == null) {
            int in = Math.min(sampledIn, maxModelLen - 1);
            int out = Math.min(sampledOut, maxModelLen - in);
            return fromClass(new Request(id, cls, classes.get(cls).priority(), tenant, in, out, t, u));
        }
        int in = Math.min(sampledIn + prefix.systemPromptTokens(), maxModelLen - 1);
        int out = Math.min(sampledOut, maxModelLen - in);
        PromptContent content = PromptContent.sharedPrefix(prefix.group(tenant), prefix.sharedTokens(in), id, in, out);
        return fromClass(new Request(id, cls, classes.get(cls).priority(), tenant, in, out, t, u, content));
    }

    /**
     * What follows the end of {@code done} at {@code nowUs} (completed, rejected or given up on): a
     * closed-loop user's next request a think time later; a session's next round, or, when an agent
     * hands work to sub-agents, their first rounds; when a sub-agent ends, its agent's next round once
     * every sibling has ended. Nothing when {@code done} came from no user or session, or arrivals have
     * ended.
     */
    @Override
    public void followUps(Request done, boolean completed, long nowUs, Consumer<Request> send) {
        if (done.session >= 0) {
            Request next = completed ? nextRound(done, nowUs, send) : null;
            if (next != null) {
                send.accept(next);
            } else if (sessions.get(done.session).waitingFor == 0) {
                ended(done.session, nowUs, send);
            }
            return;
        }
        if (!completed || done.user < 0) {
            return;
        }
        long at = nowUs + users.get(done.user).client.spec.thinkTimeUs();
        if (at >= endUs || limitReached()) {
            return;
        }
        send.accept(userRequest(done.user, at));
    }

    /** A session ended: the last of an agent's sub-agents to end lets the agent go on with their results. */
    private void ended(int index, long nowUs, Consumer<Request> send) {
        Session s = sessions.get(index);
        if (s.parent < 0) {
            return;
        }
        Session agent = sessions.get(s.parent);
        if (--agent.waitingFor > 0) {
            return;
        }
        int results = agent.children * agent.client.spec.session().agentic().resultTokens();
        Request from = agent.resumeFrom;
        agent.resumeFrom = null;
        Request next = round(agent, s.parent, from, nowUs + agent.pauseUs(), results);
        if (next != null) {
            send.accept(next);
        }
    }

    /**
     * The round after {@code done} of its session, or null when the session is over or waits for the
     * sub-agents it just handed work to (their first rounds go to {@code send}).
     */
    private Request nextRound(Request done, long nowUs, Consumer<Request> send) {
        Session session = sessions.get(done.session);
        if (session.round + 1 >= session.maxRounds) {
            return null;
        }
        SessionSpec.Agentic a = session.client.spec.session().agentic();
        if (a != null && session.parent < 0 && a.subagentShare() > 0 && session.agent.nextDouble() < a.subagentShare()) {
            int k = a.subagentsMin() + session.agent.nextInt(a.subagentsMax() - a.subagentsMin() + 1);
            long at = nowUs + session.pauseUs();
            if (at < endUs) {
                session.resumeFrom = done;
                session.waitingFor = k;
                session.children = k;
                for (int j = 0; j < k; j++) {
                    send.accept(subagent(done.session, session, j, at));
                }
            }
            return null;
        }
        return round(session, done.session, done, nowUs + session.pauseUs(), 0);
    }

    /**
     * The round of a session that follows {@code done}, sent at {@code at} with a new turn
     * {@code extraTokens} longer than drawn (its sub-agents' results), or null when arrivals have ended
     * or the conversation no longer fits the model.
     */
    private Request round(Session session, int index, Request done, long at, int extraTokens) {
        if (at >= endUs) {
            return null; // a session's rounds were counted against the request limit when it started
        }
        ClientSpec spec = session.client.spec;
        int turn = session.inputs.next() + extraTokens;
        int sampledOut = session.outputs.next();
        double u = session.admission.nextDouble();
        Request r;
        if (spec.session().accumulate()) {
            int history = done.inputTokens + done.outputTokens;
            int in = history + turn;
            if (in >= maxModelLen - 1) {
                return null; // the conversation no longer fits the model's context
            }
            int out = Math.min(sampledOut, maxModelLen - in);
            int id = nextId++;
            PromptContent content = PromptContent.nextTurn(done.content, history, id, turn, out);
            // an agent keeps its tenant; plain sessions send as the client's first tenant, as they always have
            int tenant = session.agent != null ? session.tenant : session.client.tenantBase;
            r = new Request(id, spec.classIndex(), classes.get(spec.classIndex()).priority(), tenant, in, out, at, u, content);
            r = fromClient(r, spec);
            // the pod may take over the previous round's block tables (a cost cache; see RoundBlocks)
            r.previousRound = done;
            r.previousRoundTokens = history;
            done.previousRound = null;
        } else {
            r = clientRequest(session.client, nextId++, at, turn, sampledOut, u);
        }
        session.round++;
        r.session = index;
        return r;
    }

    /** The first round of an agent's {@code j}-th sub-agent of this hand-off: the agent's system prompt and a task of its own. */
    private Request subagent(int agentIndex, Session agent, int j, long at) {
        Session child = new Session(agent.client, agent.name + "/agent-" + agent.round + "-" + j,
                agent.client.spec.session().agentic().subagentRounds(), agentIndex, streams);
        child.tenant = agent.tenant;
        child.group = agent.group;
        ClientSpec spec = agent.client.spec;
        int in = Math.min(child.inputs.next() + spec.prefixTokens(), maxModelLen - 1);
        int out = Math.min(child.outputs.next(), maxModelLen - in);
        int prefix = Math.min(spec.prefixTokens(), in - 1);
        int id = nextId++;
        PromptContent content = PromptContent.sessionStart(child.group, child.group >= 0 ? prefix : 0, id, in, out);
        Request r = new Request(id, spec.classIndex(), classes.get(spec.classIndex()).priority(), child.tenant, in, out, at,
                child.admission.nextDouble(), content);
        r = fromClient(r, spec);
        sessions.add(child);
        r.session = sessions.size() - 1;
        return r;
    }

    private Request userRequest(int index, long at) {
        User user = users.get(index);
        int id = nextId++;
        sent++;
        Request r = clientRequest(user.client, id, at, user.inputs.next(), user.outputs.next(), user.admission.nextDouble());
        r.user = index;
        return r;
    }

    private Request nextFromClients() {
        Client c;
        long t;
        while (true) {
            c = null;
            for (Client x : clients) {
                if (c == null || x.next < c.next) {
                    c = x;
                }
            }
            t = c.next == Double.POSITIVE_INFINITY ? Long.MAX_VALUE : Math.round(c.next * 1e6);
            if (nextFirstRound < firstRounds.size() && firstRounds.get(nextFirstRound).arrivalUs <= t) {
                return firstRounds.get(nextFirstRound++);
            }
            if (t >= endUs || limitReached()) {
                return null;
            }
            if (c.spec.activeAt(t)) {
                break;
            }
            // outside its windows the client's arrival process runs on, sending nothing (BLIS lifecycle)
            c.next = t >= c.spec.lastActiveUs() ? Double.POSITIVE_INFINITY : c.next + c.gaps.next();
        }
        c.next += c.gaps.next();
        int sampledIn = c.inputs.next();
        int sampledOut = c.outputs.next();
        double u = admissionStream.nextDouble();
        int id = nextId++;
        // a session takes its rounds from the request limit when it starts, as BLIS sizes sessions to num_requests
        sent += c.spec.sessions() ? c.spec.session().maxRounds() : 1;
        Request r = clientRequest(c, id, t, sampledIn, sampledOut, u);
        if (c.spec.sessions()) {
            Session session = new Session(c, c.spec.id() + "/session-" + sessionsStarted[c.index]++, c.spec.session().maxRounds(), -1,
                    streams);
            session.tenant = r.tenant;
            session.group = c.spec.prefixGroup() >= 0 ? c.spec.prefixGroup() + (r.tenant - c.tenantBase) : -1;
            sessions.add(session);
            r.session = sessions.size() - 1;
        }
        return r;
    }

    private Request clientRequest(Client c, int id, long t, int sampledIn, int sampledOut, double u) {
        ClientSpec spec = c.spec;
        int in = Math.min(sampledIn + spec.prefixTokens(), maxModelLen - 1);
        int out = Math.min(sampledOut, maxModelLen - in);
        int prefix = Math.min(spec.prefixTokens(), in - 1);
        int tenant = c.tenantBase;
        int group = spec.prefixGroup();
        if (c.tenants != null) {
            // a hot tenant (the first) sends its share of the requests, the others split the rest evenly
            int k = spec.hotTenantShare() > 0 ? (c.tenants.nextDouble() < spec.hotTenantShare() ? 0 : 1 + c.tenants.nextInt(spec.tenants() - 1))
                    : c.tenants.nextInt(spec.tenants());
            tenant += k;
            group = group >= 0 ? group + k : group;
        }
        PromptContent content;
        if (spec.sessions() && spec.session().accumulate()) {
            // the next round repeats all of this one, output included
            content = PromptContent.sessionStart(group, group >= 0 ? prefix : 0, id, in, out);
        } else {
            content = group >= 0 ? PromptContent.sharedPrefix(group, prefix, id, in, out) : null;
        }
        Request r = new Request(id, spec.classIndex(), classes.get(spec.classIndex()).priority(), tenant, in, out, t, u, content);
        return fromClient(r, spec);
    }

    private boolean limitReached() {
        return requestLimit > 0 && sent >= requestLimit;
    }

    /** {@code r} as its client sends it: with the client's deadline (or the workload's) and its SLO header (or its class's). */
    private Request fromClient(Request r, ClientSpec spec) {
        r.sloTtftMs = spec.sloTtftMs() >= 0 ? spec.sloTtftMs() : classes.get(spec.classIndex()).sloHeaderMs();
        return deadline(r, spec.timeoutUs() > 0 ? spec.timeoutUs() : timeoutUs);
    }

    /** {@code r} of an open-loop class: with the workload's deadline and its class's SLO header. */
    private Request fromClass(Request r) {
        r.sloTtftMs = classes.get(r.classIndex).sloHeaderMs();
        return deadline(r, timeoutUs);
    }

    private static Request deadline(Request r, long timeoutUs) {
        if (timeoutUs > 0) {
            r.deadlineUs = r.arrivalUs + timeoutUs;
        }
        return r;
    }
}
