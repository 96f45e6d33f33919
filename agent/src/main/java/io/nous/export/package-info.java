/** Turning a discovered policy into something a router maintainer can review and merge: provenance for exports. */
package io.nous.export;
