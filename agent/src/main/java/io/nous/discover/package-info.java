/**
 * Discovery: the loop that proposes, verifies, evaluates, records and promotes policies, and its
 * proposers. The journal is the single source of truth; resume and replay rebuild from it.
 */
package io.nous.discover;
