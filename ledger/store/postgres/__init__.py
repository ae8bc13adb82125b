"""The PostgreSQL adapter (a league's server): psycopg 3, LISTEN/NOTIFY."""
