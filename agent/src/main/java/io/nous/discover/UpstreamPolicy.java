package io.nous.discover;

import io.nous.evaluator.run.PolicyUnderTest;

/**
 * One policy the router ships for a plug point (or an open upstream proposal for it), which a run's
 * recommendation must beat on the test split: its name as reports say it, the deployment that runs
 * it, and its source when it could also be a candidate (to recognise a winner that is this policy),
 * else null.
 */
public record UpstreamPolicy(String name, PolicyUnderTest deployment, String source) {
}
