"""The site around the tables: the registry of live tables, several processes through
Redis, accounts, ratings, reviews and rates.
"""
