"""The blogger's sub-agents, each built by a factory (an agent can have only one parent)."""
