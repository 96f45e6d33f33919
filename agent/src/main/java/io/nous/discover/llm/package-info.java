/** The LLM proposer: any OpenAI-compatible endpoint through LangChain4j, with recorded exchanges. */
package io.nous.discover.llm;
