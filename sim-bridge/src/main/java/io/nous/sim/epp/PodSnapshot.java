package io.nous.sim.epp;

/**
 * The EPP's view of one pod: the last metrics scraped from it. The EPP never sees a pod's live
 * state, only these snapshots, refreshed every scrape interval; the lag between a 50 ms scrape and
 * a 1 ms dispatch cycle is what makes the real gate overshoot.
 */
public final class PodSnapshot {
    long scrapedAtUs = Long.MIN_VALUE;
    int waiting;
    int running;
    double kvUsage;

    public long scrapedAtUs() {
        return scrapedAtUs;
    }

    public int waiting() {
        return waiting;
    }

    public int running() {
        return running;
    }

    public double kvUsage() {
        return kvUsage;
    }

    /** The pod joined the router's pool: nothing scraped from it yet. */
    public void forget() {
        this.scrapedAtUs = Long.MIN_VALUE;
        this.waiting = 0;
        this.running = 0;
        this.kvUsage = 0;
    }

    /** Records a scrape. */
    public void update(long nowUs, int waiting, int running, double kvUsage) {
        this.scrapedAtUs = nowUs;
        this.waiting = waiting;
        this.running = running;
        this.kvUsage = kvUsage;
    }
}
